/**
 * Demo subscription plans (spec §9 durations in minutes and currencies; issue 13), as SQL for
 * worker/db/migrations/0007_payments.sql. PURE module (imported by vitest.config.ts too).
 * Prices are in minor units, tax included. The monthly plan carries the one-month free trial
 * (spec §9: trial 1 month without billing).
 */
const FEATURES = {
  en: ['Every premium film, series and play', 'HD on phone, computer and TV', 'Two screens at once', 'Five profiles, with kids profiles', 'Cancel anytime'],
  fr: ['Tous les films, séries et pièces premium', 'HD sur téléphone, ordinateur et TV', 'Deux écrans en même temps', 'Cinq profils, dont des profils enfants', 'Sans engagement'],
  ar: ['كل الأفلام والمسلسلات والمسرحيات المميزة', 'جودة عالية على الهاتف والحاسوب والتلفاز', 'شاشتان في الوقت نفسه', 'خمسة ملفات شخصية، منها ملفات للأطفال', 'ألغِ متى شئت'],
  es: ['Todas las películas, series y obras premium', 'HD en móvil, ordenador y TV', 'Dos pantallas a la vez', 'Cinco perfiles, con perfiles infantiles', 'Cancela cuando quieras'],
};

type PlanSeed = {
  id: number;
  duration: number;
  active: boolean;
  trialDays: number;
  position: number;
  mad: number;
  eur: number;
  usd: number;
  name: { en: string; fr: string; ar: string; es: string };
};

export const plans: readonly PlanSeed[] = [
  { id: 1, duration: 1440, active: true, trialDays: 0, position: 6, mad: 1000, eur: 149, usd: 149, name: { en: 'Day pass', fr: 'Pass 1 jour', ar: 'تذكرة يوم', es: 'Pase de un día' } },
  { id: 2, duration: 10080, active: true, trialDays: 0, position: 5, mad: 2500, eur: 299, usd: 299, name: { en: 'One week', fr: 'Une semaine', ar: 'أسبوع', es: 'Una semana' } },
  { id: 3, duration: 20160, active: false, trialDays: 0, position: 7, mad: 4500, eur: 499, usd: 499, name: { en: 'Two weeks', fr: 'Deux semaines', ar: 'أسبوعان', es: 'Dos semanas' } },
  { id: 4, duration: 43200, active: true, trialDays: 30, position: 1, mad: 5900, eur: 699, usd: 749, name: { en: 'Monthly', fr: 'Mensuel', ar: 'شهري', es: 'Mensual' } },
  { id: 5, duration: 129600, active: true, trialDays: 0, position: 2, mad: 15900, eur: 1799, usd: 1949, name: { en: '3 months', fr: '3 mois', ar: '3 أشهر', es: '3 meses' } },
  { id: 6, duration: 259200, active: true, trialDays: 0, position: 3, mad: 29900, eur: 3399, usd: 3699, name: { en: '6 months', fr: '6 mois', ar: '6 أشهر', es: '6 meses' } },
  { id: 7, duration: 518400, active: true, trialDays: 0, position: 4, mad: 54900, eur: 5999, usd: 6499, name: { en: 'Yearly', fr: 'Annuel', ar: 'سنوي', es: 'Anual' } },
];

/** Ticket packs (issue 14, pay per title): one ticket unlocks one premium title for one viewing (48 hours). */
export const packs = [
  { id: 8, tickets: 1, mad: 1500, eur: 199, usd: 199, name: { en: '1 ticket', fr: '1 ticket', ar: 'تذكرة واحدة', es: '1 entrada' } },
  { id: 9, tickets: 5, mad: 5900, eur: 799, usd: 849, name: { en: '5 tickets', fr: '5 tickets', ar: '5 تذاكر', es: '5 entradas' } },
  { id: 10, tickets: 10, mad: 9900, eur: 1299, usd: 1399, name: { en: '10 tickets', fr: '10 tickets', ar: '10 تذاكر', es: '10 entradas' } },
] as const;

const q = (s: string): string => `'${s.replaceAll("'", "''")}'`;

/** INSERT statements for the plans and the ticket packs (no trailing semicolons). */
export function planStatements(): string[] {
  return [...subscriptionPlanStatements(), ...packStatements()];
}

export function packStatements(): string[] {
  return packs.map(
    (p) =>
      `INSERT OR IGNORE INTO plans (id, duration, is_active, trial_days, position, price_mad, price_eur, price_usd, name, features, kind, tickets) VALUES (${p.id}, 1440, 1, 0, ${p.id}, ${p.mad}, ${p.eur}, ${p.usd}, ${q(JSON.stringify(p.name))}, '{}', 'tickets', ${p.tickets})`,
  );
}

function subscriptionPlanStatements(): string[] {
  return plans.map(
    (p) =>
      `INSERT INTO plans (id, duration, is_active, subscribed_image, not_subscribed_image, trial_days, position, price_mad, price_eur, price_usd, name, features) VALUES (${p.id}, ${p.duration}, ${p.active ? 1 : 0}, NULL, NULL, ${p.trialDays}, ${p.position}, ${p.mad}, ${p.eur}, ${p.usd}, ${q(JSON.stringify(p.name))}, ${q(JSON.stringify(FEATURES))})`,
  );
}

/**
 * Demo coupon codes (issue 14): a welcome code that pays it all, a 20 % one, a week free on the
 * monthly plan and 10 MAD off. They run until 2099 so `npm start` always has them.
 */
export const coupons = [
  { code: 'BIENVENUE100', kind: 'percent', value: 100, currency: null, plans: null, quota: 1000 },
  { code: 'RAMADAN20', kind: 'percent', value: 20, currency: null, plans: null, quota: 500 },
  { code: 'AMIS7', kind: 'days', value: 7, currency: null, plans: [4], quota: 1000 },
  { code: 'MOINS10', kind: 'amount', value: 1000, currency: 'MAD', plans: null, quota: 200 },
] as const;

export function couponStatements(): string[] {
  return coupons.map(
    (c) =>
      `INSERT OR IGNORE INTO coupons (code, kind, value, currency, plan_ids, starts_at, ends_at, quota, created_at) VALUES (${q(c.code)}, ${q(c.kind)}, ${c.value}, ${c.currency ? q(c.currency) : 'NULL'}, ${c.plans ? q(JSON.stringify(c.plans)) : 'NULL'}, '2026-01-01T00:00:00.000Z', '2099-12-31T23:59:59.999Z', ${c.quota}, '2026-01-01T00:00:00.000Z')`,
  );
}
