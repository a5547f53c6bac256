// Subscription plans (spec §3 Subscription plan, §9 durations and currencies) from D1.
import { z } from 'zod';
import type { Currency } from '../../rules/subscription';
import { I18nList, I18nText, type Plan } from './schemas';

const PlanRow = z.object({
  id: z.number(),
  duration: z.number(),
  is_active: z.number(),
  subscribed_image: z.string().nullable(),
  not_subscribed_image: z.string().nullable(),
  trial_days: z.number(),
  position: z.number(),
  price_mad: z.number(),
  price_eur: z.number(),
  price_usd: z.number(),
  name: z.string(),
  features: z.string(),
  kind: z.enum(['subscription', 'tickets', 'order']),
  tickets: z.number(),
});

export type PlanRecord = Plan;

function toPlan(raw: unknown): Plan {
  const r = PlanRow.parse(raw);
  return {
    id: r.id,
    duration: r.duration,
    is_active: r.is_active === 1,
    subscribed_image: r.subscribed_image,
    not_subscribed_image: r.not_subscribed_image,
    trial_days: r.trial_days,
    prices: { MAD: r.price_mad, EUR: r.price_eur, USD: r.price_usd },
    name: I18nText.parse(JSON.parse(r.name)),
    features: I18nList.parse(JSON.parse(r.features)),
    kind: r.kind,
    tickets: r.tickets,
  };
}

/** The plans on sale, in their display order. */
export async function activePlans(db: D1Database): Promise<Plan[]> {
  const { results } = await db.prepare("SELECT * FROM plans WHERE is_active = 1 AND kind = 'subscription' ORDER BY position, id").all();
  return results.map(toPlan);
}

/** The ticket packs on sale (pay per title), smallest first. */
export async function activePacks(db: D1Database): Promise<Plan[]> {
  const { results } = await db.prepare("SELECT * FROM plans WHERE is_active = 1 AND kind = 'tickets' ORDER BY tickets, id").all();
  return results.map(toPlan);
}

/** Any plan by id (an inactive one still renews for those who have it). */
export async function findPlan(db: D1Database, id: number): Promise<Plan | null> {
  const row = await db.prepare('SELECT * FROM plans WHERE id = ?').bind(id).first();
  return row ? toPlan(row) : null;
}

export const priceOf = (plan: Plan, currency: Currency): number => plan.prices[currency];
