/**
 * The demo's partners and ads (issue 15): four partners — a Moroccan film distributor, a public
 * library network, a comedy festival and a telecom — each bringing real titles of the catalogue,
 * with small SVG logos (public/catalogue/partners/, written by scripts/seed/partner-images.ts); four
 * ads — a house ad for premium on the home page, a telecom's sponsor banner on the /ads page, the
 * festival's sponsor card in the search results, and a Ramadan offer that has ended (never shown:
 * it proves the filtering). The menu's Festival entry opens the festival hub, /events (catalogue.ts).
 *
 * PURE module: no node: imports.
 */
import { sql, titles } from './catalogue.ts';

type I18n = { en: string; fr: string; ar: string; es: string };

export type PartnerSeed = {
  slug: string;
  name: I18n;
  description: I18n;
  link: string;
  /** Logo colours: background, foreground. */
  colors: readonly [string, string];
  /** Letters drawn in the logo. */
  mark: string;
  titles: readonly string[];
};

export const PARTNERS: readonly PartnerSeed[] = [
  {
    slug: 'atlas-films',
    name: { en: 'Atlas Films Distribution', fr: 'Atlas Films Distribution', ar: 'أطلس فيلم للتوزيع', es: 'Atlas Films Distribución' },
    description: {
      en: 'A Casablanca distributor bringing Moroccan feature films from the festivals to the screens.',
      fr: 'Un distributeur casablancais qui mène les longs métrages marocains des festivals jusqu’aux écrans.',
      ar: 'موزّع من الدار البيضاء يحمل الأفلام الروائية المغربية من المهرجانات إلى الشاشات.',
      es: 'Un distribuidor de Casablanca que lleva los largometrajes marroquíes de los festivales a las pantallas.',
    },
    link: 'https://www.example.com/atlas-films',
    colors: ['#1f3a5f', '#f2c14e'],
    mark: 'AF',
    titles: ['the-last-caravan', 'medina-nights', 'casa-blues', 'chergui', 'red-line-tangier', 'the-forger-of-marrakech'],
  },
  {
    slug: 'public-libraries',
    name: { en: 'Public Libraries Network', fr: 'Réseau des bibliothèques publiques', ar: 'شبكة المكتبات العمومية', es: 'Red de Bibliotecas Públicas' },
    description: {
      en: 'With a library card, readers of the network’s libraries watch these documentaries and children’s films for free.',
      fr: 'Avec leur carte, les lecteurs des bibliothèques du réseau regardent gratuitement ces documentaires et films pour enfants.',
      ar: 'ببطاقة المكتبة، يشاهد روّاد مكتبات الشبكة هذه الأفلام الوثائقية وأفلام الأطفال مجانًا.',
      es: 'Con su carné, los lectores de las bibliotecas de la red ven gratis estos documentales y películas infantiles.',
    },
    link: 'https://www.example.com/public-libraries',
    colors: ['#2e6b4f', '#f4efe3'],
    mark: 'PL',
    titles: ['voices-of-the-gnawa', 'fes-a-thousand-years', 'the-salt-road', 'mellah-memories', 'grandmas-tales', 'the-little-potter'],
  },
  {
    slug: 'marrakech-comedy-festival',
    name: { en: 'Marrakech Comedy Festival', fr: 'Festival du rire de Marrakech', ar: 'مهرجان مراكش للضحك', es: 'Festival de Humor de Marrakech' },
    description: {
      en: 'Stand-up, theatre and comedies chosen by the festival, from the halqa of Jemaa el-Fna to the big stage.',
      fr: 'Stand-up, théâtre et comédies choisis par le festival, de la halqa de Jemaa el-Fna à la grande scène.',
      ar: 'عروض ستاند أب ومسرح وأفلام كوميدية يختارها المهرجان، من حلقة جامع الفنا إلى الخشبة الكبرى.',
      es: 'Monólogos, teatro y comedias elegidos por el festival, de la halqa de Yemaa el Fna al gran escenario.',
    },
    link: 'https://www.example.com/marrakech-comedy-festival',
    colors: ['#c2410c', '#fff7ed'],
    mark: 'MC',
    titles: ['the-laughing-judge', 'tea-for-three', 'hajja-and-sons', 'the-miser-of-sale', 'the-sultans-jester', 'halqa', 'hanout-hamid'],
  },
  {
    slug: 'maghreb-mobile',
    name: { en: 'Maghreb Mobile', fr: 'Maghreb Mobile', ar: 'مغرب موبايل', es: 'Maghreb Mobile' },
    description: {
      en: 'The telecom operator whose subscribers stream these series without using their data.',
      fr: 'L’opérateur télécom dont les abonnés regardent ces séries sans consommer leur forfait.',
      ar: 'مشغّل الاتصالات الذي يشاهد مشتركوه هذه المسلسلات دون استهلاك باقة الإنترنت.',
      es: 'El operador de telecomunicaciones cuyos abonados ven estas series sin gastar sus datos.',
    },
    link: 'https://www.example.com/maghreb-mobile',
    colors: ['#5b21b6', '#ffffff'],
    mark: 'MM',
    titles: ['dar-el-bacha', 'cyber-derb', 'desert-kings', 'district-17'],
  },
];

/** The WebP twins of the SVG sources below (scripts/seed/raster-images.ts): a page decodes a WebP off its main thread. */
export const logoPath = (slug: string): string => `/catalogue/partners/${slug}.webp`;
export const adImagePath = (name: string): string => `/catalogue/ads/${name}.webp`;

const escape = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A partner's logo: its initials on a rounded square of its colours (160×160). */
export function logoSvg(partner: PartnerSeed): string {
  const [bg, fg] = partner.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160">
  <rect width="160" height="160" rx="28" fill="${bg}"/>
  <circle cx="80" cy="80" r="58" fill="none" stroke="${fg}" stroke-width="4" stroke-dasharray="6 8" opacity="0.55"/>
  <text x="80" y="96" text-anchor="middle" font-family="system-ui, 'Noto Sans', sans-serif" font-size="52" font-weight="800" fill="${fg}">${escape(partner.mark)}</text>
</svg>
`;
}

/** An ad's banner (16:9, 640×360): a gradient and a motif, no text (the card sets the translated title). */
export function bannerSvg(from: string, to: string, motif: 'star' | 'wave' | 'spot'): string {
  const shapes = {
    star: '<path d="M480 60l24 58 62 4-48 40 16 60-54-34-54 34 16-60-48-40 62-4z" fill="#fff" opacity="0.85"/>',
    wave: '<path d="M0 260c80-40 160-40 240 0s160 40 240 0 160-40 160-40v140H0z" fill="#fff" opacity="0.25"/><path d="M0 300c80-30 160-30 240 0s160 30 240 0 160-30 160-30v90H0z" fill="#fff" opacity="0.35"/>',
    spot: '<circle cx="470" cy="150" r="110" fill="#fff" opacity="0.2"/><circle cx="470" cy="150" r="60" fill="#fff" opacity="0.35"/>',
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="640" height="360" fill="url(#g)"/>
  ${shapes[motif]}
</svg>
`;
}

/** The ads' banners, by name (public/catalogue/ads/{name}.svg). */
export const AD_BANNERS: Record<string, string> = {
  premium: bannerSvg('#e0002b', '#5b0013', 'star'),
  'maghreb-mobile': bannerSvg('#5b21b6', '#1e1b4b', 'wave'),
  festival: bannerSvg('#c2410c', '#7c2d12', 'spot'),
  ramadan: bannerSvg('#14532d', '#052e16', 'star'),
};

type AdSeed = {
  kind: 'house' | 'sponsor';
  placement: 'home' | 'search' | 'ads';
  partner: string | null;
  title: I18n;
  text: I18n;
  banner: string;
  link: string;
  /** Days from the seed's day: when it starts and ends. */
  from: number;
  to: number;
  position: number;
};

export const ADS: readonly AdSeed[] = [
  {
    kind: 'house',
    placement: 'home',
    partner: null,
    title: { en: 'Go Premium: every film, no limits', fr: 'Passez Premium : tous les films, sans limite', ar: 'اشترك في بريميوم: كل الأفلام بلا حدود', es: 'Hazte Premium: todas las películas, sin límites' },
    text: { en: 'The first month is free. Cancel any time.', fr: 'Le premier mois est offert. Résiliable à tout moment.', ar: 'الشهر الأول مجاني. يمكنك الإلغاء في أي وقت.', es: 'El primer mes es gratis. Cancela cuando quieras.' },
    banner: 'premium',
    link: '/subscription',
    from: -30,
    to: 365,
    position: 1,
  },
  {
    kind: 'sponsor',
    placement: 'ads',
    partner: 'maghreb-mobile',
    title: { en: '20 GB to watch Tafrij, on us', fr: '20 Go pour regarder Tafrij, offerts', ar: '20 جيجا لمشاهدة تفرّج، هدية منا', es: '20 GB para ver Tafrij, de regalo' },
    text: { en: 'Maghreb Mobile subscribers stream their series without touching their data.', fr: 'Les abonnés Maghreb Mobile regardent leurs séries sans toucher à leur forfait.', ar: 'مشتركو مغرب موبايل يشاهدون مسلسلاتهم دون المساس بباقتهم.', es: 'Los abonados de Maghreb Mobile ven sus series sin gastar sus datos.' },
    banner: 'maghreb-mobile',
    link: 'https://www.example.com/maghreb-mobile',
    from: -10,
    to: 180,
    position: 2,
  },
  {
    kind: 'sponsor',
    placement: 'search',
    partner: 'marrakech-comedy-festival',
    title: { en: 'Marrakech Comedy Festival: the best of the stage', fr: 'Festival du rire de Marrakech : le meilleur de la scène', ar: 'مهرجان مراكش للضحك: أفضل ما على الخشبة', es: 'Festival de Humor de Marrakech: lo mejor del escenario' },
    text: { en: 'Seven comedies chosen by the festival, to watch now.', fr: 'Sept comédies choisies par le festival, à regarder maintenant.', ar: 'سبعة أعمال كوميدية اختارها المهرجان، شاهدها الآن.', es: 'Siete comedias elegidas por el festival, para ver ya.' },
    banner: 'festival',
    link: '/partners/marrakech-comedy-festival',
    from: -5,
    to: 120,
    position: 3,
  },
  {
    kind: 'house',
    placement: 'home',
    partner: null,
    title: { en: 'Ramadan offer: 20% off', fr: 'Offre Ramadan : -20 %', ar: 'عرض رمضان: تخفيض 20%', es: 'Oferta de Ramadán: 20 % de descuento' },
    text: { en: 'This offer has ended.', fr: 'Cette offre est terminée.', ar: 'انتهى هذا العرض.', es: 'Esta oferta ha terminado.' },
    banner: 'ramadan',
    link: '/subscription',
    from: -90,
    to: -30,
    position: 0,
  },
];

/** Statements adding the partners, their titles and the ads (dated around `now`) to a database that has none. */
export function partnerStatements(now: Date): string[] {
  const known = new Set(titles.map((t) => t.slug));
  const stamp = now.toISOString();
  const day = 86400;
  const at = Math.floor(now.getTime() / 1000);
  const out: string[] = [];
  PARTNERS.forEach((p, i) => {
    for (const slug of p.titles) if (!known.has(slug)) throw new Error(`partner ${p.slug}: unknown title ${slug}`);
    out.push(
      `INSERT INTO partners (slug, name, description, logo, link_url, position, published, updated_at) VALUES (${sql(p.slug)}, ${sql(p.name)}, ${sql(p.description)}, ${sql(logoPath(p.slug))}, ${sql(p.link)}, ${i + 1}, 1, ${sql(stamp)})`,
    );
    p.titles.forEach((slug, position) =>
      out.push(
        `INSERT OR IGNORE INTO partner_contents (partner_id, content_id, position) SELECT p.id, c.id, ${position + 1} FROM partners p, contents c WHERE p.slug = ${sql(p.slug)} AND c.slug = ${sql(slug)}`,
      ),
    );
  });
  for (const ad of ADS) {
    const partner = ad.partner ? `(SELECT id FROM partners WHERE slug = ${sql(ad.partner)})` : 'NULL';
    out.push(
      `INSERT INTO ads (kind, placement, partner_id, title, text, image, link_url, langs, starts_at, ends_at, position, updated_at) VALUES (${sql(ad.kind)}, ${sql(ad.placement)}, ${partner}, ${sql(ad.title)}, ${sql(ad.text)}, ${sql(adImagePath(ad.banner))}, ${sql(ad.link)}, NULL, ${at + ad.from * day}, ${at + ad.to * day}, ${ad.position}, ${sql(stamp)})`,
    );
  }
  return out;
}
