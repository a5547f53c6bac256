/**
 * The demo's live events (issue 17): the Marrakech comedy festival — a lineup of fictional artists
 * (bios in four languages), five shows in Marrakech venues around the seeding time, at round times
 * (Africa/Casablanca): one that ended last night (20:30–22:30; its replay: a title of the catalogue,
 * for 48 hours), one live now (from the last half hour at least 30 minutes back, for 2 hours 30,
 * streamed on a seeded live TV channel), and three to come in the evening, one nearly sold out (a
 * few seats). Each show sells tickets in the venue, a stream pass, or both. Images are SVG
 * (public/catalogue/events/, written by scripts/seed/event-images.ts).
 *
 * PURE module: no node: imports.
 */
import { dayOf, dayStart } from '../../worker/rules/live-tv.ts';

type I18n = { en: string; fr: string; ar: string; es: string };
type Sql = (value: string | number | null) => string;

const ZONE = 'Africa/Casablanca';
export const FESTIVAL_SLUG = 'marrakech-comedy-festival';
/** The live TV channel (scripts/seed/tv.ts) that streams the festival, and the catalogue title replayed after the opening night. */
const CHANNEL_SLUG = 'tafrij-plus';
const REPLAY_SLUG = 'the-sultans-jester';

const FESTIVAL = {
  names: { en: 'Marrakech Comedy Festival', fr: 'Festival du rire de Marrakech', ar: 'مهرجان مراكش للضحك', es: 'Festival de Humor de Marrakech' },
  descriptions: {
    en: 'Five nights of stand-up, sketches and storytelling in the Red City: come to the venue, or watch live on Tafrij with a stream pass.',
    fr: 'Cinq soirées de stand-up, de sketches et de contes dans la ville ocre : venez en salle, ou suivez le direct sur Tafrij avec un pass.',
    ar: 'خمس أمسيات من الستاند أب والسكيتشات والحكي في المدينة الحمراء: احضر إلى القاعة، أو تابع البث المباشر على تفرّج بتذكرة البث.',
    es: 'Cinco noches de monólogos, sketches y cuentos en la Ciudad Roja: ven a la sala o míralo en directo en Tafrij con un pase.',
  },
};

export const ARTISTS: { key: string; name: string; colors: [string, string]; bios: I18n }[] = [
  { key: 'yassine-amrani', name: 'Yassine Amrani', colors: ['#7a1f2b', '#ffd27a'], bios: { en: 'Casablanca stand-up in darija: family dinners, taxis and the bureaucracy of everyday life.', fr: 'Stand-up casablancais en darija : repas de famille, taxis et bureaucratie du quotidien.', ar: 'ستاند أب بالدارجة من الدار البيضاء: عشاء العائلة والطاكسيات وبيروقراطية الحياة اليومية.', es: 'Monólogos en dariya desde Casablanca: cenas familiares, taxis y la burocracia de cada día.' } },
  { key: 'salma-benkirane', name: 'Salma Benkirane', colors: ['#1f4e79', '#ffe3b3'], bios: { en: 'Fez-born comedian who plays every aunt at a wedding, one after another.', fr: 'Humoriste née à Fès qui joue toutes les tantes d’un mariage, l’une après l’autre.', ar: 'فكاهية من مواليد فاس تتقمّص كل خالات العرس واحدة تلو الأخرى.', es: 'Humorista nacida en Fez que interpreta a todas las tías de una boda, una tras otra.' } },
  { key: 'hamid-ouazzani', name: 'Hamid Ouazzani', colors: ['#2e6b3a', '#f4f1de'], bios: { en: 'A storyteller of the halqa who brings Jemaa el-Fna tales to the big stage.', fr: 'Conteur de la halqa qui porte les histoires de Jemaa el-Fna sur la grande scène.', ar: 'حكواتي من الحلقة ينقل حكايات ساحة جامع الفنا إلى الخشبة الكبيرة.', es: 'Narrador de la halqa que lleva los cuentos de Yemaa el Fna al gran escenario.' } },
  { key: 'nora-tazi', name: 'Nora Tazi', colors: ['#5b2a86', '#ffd6e0'], bios: { en: 'Tangier’s quickest improviser: she builds a show from the audience’s questions.', fr: 'L’improvisatrice la plus rapide de Tanger : elle bâtit son spectacle avec les questions du public.', ar: 'أسرع مرتجِلة في طنجة: تبني عرضها من أسئلة الجمهور.', es: 'La improvisadora más rápida de Tánger: construye su espectáculo con las preguntas del público.' } },
  { key: 'karim-el-fassi', name: 'Karim El Fassi', colors: ['#8a4b08', '#fff1c1'], bios: { en: 'Sketches in Arabic and French about growing up between two languages.', fr: 'Des sketches en arabe et en français sur le fait de grandir entre deux langues.', ar: 'سكيتشات بالعربية والفرنسية عن النشأة بين لغتين.', es: 'Sketches en árabe y francés sobre crecer entre dos idiomas.' } },
  { key: 'lea-moreau', name: 'Léa Moreau', colors: ['#0f5257', '#e0fbfc'], bios: { en: 'A Lyon comedian who moved to Marrakech and still cannot haggle.', fr: 'Humoriste lyonnaise installée à Marrakech, qui ne sait toujours pas marchander.', ar: 'فكاهية من ليون استقرت في مراكش وما زالت لا تعرف المساومة.', es: 'Humorista de Lyon instalada en Marrakech que aún no sabe regatear.' } },
];

type ShowSeed = {
  slug: string;
  titles: I18n;
  descriptions: I18n;
  venue: string;
  /** On at the seeding time (it starts on the half hour at least 30 minutes before), or a local time N days on (negative: before today). */
  when: 'live' | { day: number; hour: number; minute: number };
  hours: number;
  capacity: number;
  /** Streamed on the festival's channel; the opening night is replayed from a catalogue title. */
  streamed: boolean;
  replay?: boolean;
  colors: [string, string];
};

const HOUR = 3_600_000;

export const SHOWS: ShowSeed[] = [
  {
    slug: 'opening-night',
    titles: { en: 'Opening night', fr: 'Soirée d’ouverture', ar: 'حفل الافتتاح', es: 'Noche de apertura' },
    descriptions: { en: 'The whole lineup on one stage for the festival’s first laughs.', fr: 'Toute la programmation sur une scène pour les premiers rires du festival.', ar: 'جميع الفنانين على خشبة واحدة لأولى ضحكات المهرجان.', es: 'Todo el cartel en un escenario para las primeras risas del festival.' },
    venue: 'Théâtre Royal de Marrakech',
    when: { day: -1, hour: 20, minute: 30 },
    hours: 2,
    capacity: 800,
    streamed: true,
    replay: true,
    colors: ['#7a1f2b', '#f2a541'],
  },
  {
    slug: 'gala-du-rire',
    titles: { en: 'The comedy gala', fr: 'Le gala du rire', ar: 'حفل الضحك الكبير', es: 'La gala del humor' },
    descriptions: { en: 'Yassine Amrani hosts the festival’s big night, live on Tafrij.', fr: 'Yassine Amrani anime la grande soirée du festival, en direct sur Tafrij.', ar: 'ياسين العمراني يقدّم الأمسية الكبرى للمهرجان، مباشرة على تفرّج.', es: 'Yassine Amrani presenta la gran noche del festival, en directo en Tafrij.' },
    venue: 'Palais des Congrès de Marrakech',
    when: 'live',
    hours: 2.5,
    capacity: 1200,
    streamed: true,
    colors: ['#1f4e79', '#f7d488'],
  },
  {
    slug: 'stand-up-darija',
    titles: { en: 'Stand-up in darija', fr: 'Stand-up en darija', ar: 'ستاند أب بالدارجة', es: 'Monólogos en dariya' },
    descriptions: { en: 'Five comedians, twenty minutes each, all in Moroccan Arabic.', fr: 'Cinq humoristes, vingt minutes chacun, tout en arabe marocain.', ar: 'خمسة فكاهيين، عشرون دقيقة لكل واحد، وكل شيء بالدارجة المغربية.', es: 'Cinco humoristas, veinte minutos cada uno, todo en árabe marroquí.' },
    venue: 'Le Colisée, Guéliz',
    when: { day: 1, hour: 20, minute: 30 },
    hours: 2,
    capacity: 400,
    streamed: true,
    colors: ['#2e6b3a', '#f4d35e'],
  },
  {
    slug: 'nuit-des-conteurs',
    titles: { en: 'Night of the storytellers', fr: 'La nuit des conteurs', ar: 'ليلة الحكواتيين', es: 'La noche de los cuentacuentos' },
    descriptions: { en: 'Hamid Ouazzani and the halqa masters in an intimate riad: a few seats only.', fr: 'Hamid Ouazzani et les maîtres de la halqa dans un riad intimiste : quelques places seulement.', ar: 'حميد الوزاني ومعلمو الحلقة في رياض حميمي: مقاعد قليلة فقط.', es: 'Hamid Ouazzani y los maestros de la halqa en un riad íntimo: pocas plazas.' },
    venue: 'Riad Dar Cherifa, Médina',
    when: { day: 2, hour: 21, minute: 0 },
    hours: 1.5,
    capacity: 6,
    streamed: true,
    colors: ['#5b2a86', '#f6bd60'],
  },
  {
    slug: 'closing-young-talents',
    titles: { en: 'Closing night: young talents', fr: 'Clôture : les jeunes talents', ar: 'حفل الاختتام: المواهب الشابة', es: 'Clausura: jóvenes talentos' },
    descriptions: { en: 'The festival’s discoveries, and the audience prize.', fr: 'Les révélations du festival, et le prix du public.', ar: 'اكتشافات المهرجان، وجائزة الجمهور.', es: 'Los descubrimientos del festival y el premio del público.' },
    venue: 'Théâtre Royal de Marrakech',
    when: { day: 4, hour: 20, minute: 0 },
    hours: 2.5,
    capacity: 600,
    streamed: true,
    colors: ['#8a4b08', '#ffe5b4'],
  },
];

const TICKET_TYPES = [
  { kind: 'venue', names: { en: 'Seat in the venue', fr: 'Place en salle', ar: 'مقعد في القاعة', es: 'Plaza en la sala' }, prices: [15000, 1400, 1500], max: 6 },
  { kind: 'stream', names: { en: 'Stream pass', fr: 'Pass direct', ar: 'تذكرة البث', es: 'Pase de emisión' }, prices: [5000, 500, 500], max: 4 },
  { kind: 'both', names: { en: 'Seat + stream pass', fr: 'Place + pass direct', ar: 'مقعد + تذكرة البث', es: 'Plaza + pase de emisión' }, prices: [18000, 1700, 1800], max: 6 },
] as const;

/** The WebP twin of the SVG source (scripts/seed/raster-images.ts). */
export const eventImagePath = (name: string): string => `/catalogue/events/${name}.webp`;

const escape = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A 16:9 poster: a gradient, a stage spotlight and a microphone, no text (pages set the translated title). */
export function posterSvg([from, to]: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="#0b0b0f"/></linearGradient>
  <radialGradient id="s" cx="0.5" cy="0" r="0.9"><stop offset="0" stop-color="${to}" stop-opacity="0.75"/><stop offset="1" stop-color="${to}" stop-opacity="0"/></radialGradient></defs>
  <rect width="640" height="360" fill="url(#g)"/>
  <path d="M250 0h140l90 360H160z" fill="url(#s)"/>
  <rect x="312" y="150" width="16" height="150" rx="6" fill="#111"/>
  <rect x="296" y="96" width="48" height="76" rx="24" fill="#222" stroke="${to}" stroke-width="4"/>
  <rect x="250" y="300" width="140" height="10" rx="5" fill="#111"/>
  <ellipse cx="320" cy="352" rx="260" ry="18" fill="${to}" opacity="0.25"/>
</svg>
`;
}

/** An artist's portrait: their initials on a coloured disc. */
export function portraitSvg(name: string, [bg, fg]: [string, string]): string {
  const initials = name.split(/\s+/).map((w) => w[0] ?? '').filter((ch) => /[A-ZÀ-Ý]/.test(ch)).slice(0, 2).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160">
  <rect width="160" height="160" fill="${bg}"/>
  <circle cx="80" cy="64" r="30" fill="${fg}" opacity="0.35"/>
  <path d="M24 160c6-34 30-52 56-52s50 18 56 52z" fill="${fg}" opacity="0.35"/>
  <text x="80" y="94" text-anchor="middle" font-family="system-ui, 'Noto Sans', sans-serif" font-size="44" font-weight="800" fill="${fg}">${escape(initials)}</text>
</svg>
`;
}

/** Every image of the demo festival, by file name (public/catalogue/events/{name}.svg). */
export function eventImages(): Record<string, string> {
  return {
    [FESTIVAL_SLUG]: posterSvg(['#b23a48', '#ffd27a']),
    ...Object.fromEntries(SHOWS.map((s) => [s.slug, posterSvg(s.colors)])),
    ...Object.fromEntries(ARTISTS.map((a) => [a.key, portraitSvg(a.name, a.colors)])),
  };
}

/** A local time in Marrakech `day` days after today, as an ISO instant. */
function localTime(now: Date, day: number, hour: number, minute: number): string {
  const today = dayOf(Math.floor(now.getTime() / 1000), ZONE);
  const base = dayStart(today, ZONE) * 1000;
  // Days are added at noon, then the clock set, so a change of offset in between does not shift the day.
  const target = dayOf(Math.floor((base + day * 86_400_000 + 12 * HOUR) / 1000), ZONE);
  return new Date(dayStart(target, ZONE) * 1000 + (hour * 60 + minute) * 60_000).toISOString();
}

const HALF_HOUR = 30 * 60_000;
/** Morocco's offsets are whole hours, so a half hour in UTC is a half hour on Marrakech clocks. */
const startOf = (s: ShowSeed, now: Date): string =>
  s.when === 'live' ? new Date(Math.floor((now.getTime() - HALF_HOUR) / HALF_HOUR) * HALF_HOUR).toISOString() : localTime(now, s.when.day, s.when.hour, s.when.minute);

/** The festival, its lineup, shows and ticket types, relative to `now` (the seeding time). */
export function eventStatements(now: Date, sql: Sql): string[] {
  const at = now.toISOString();
  const starts = SHOWS.map((s) => startOf(s, now));
  const ends = SHOWS.map((s, i) => new Date(Date.parse(starts[i] ?? at) + s.hours * HOUR).toISOString());
  const event = `(SELECT id FROM events WHERE slug = ${sql(FESTIVAL_SLUG)})`;
  const statements = [
    `INSERT INTO events (slug, names, descriptions, city, image, starts_at, ends_at, published, updated_at) VALUES (${sql(FESTIVAL_SLUG)}, ${sql(JSON.stringify(FESTIVAL.names))}, ${sql(JSON.stringify(FESTIVAL.descriptions))}, 'Marrakech', ${sql(eventImagePath(FESTIVAL_SLUG))}, ${sql(starts.reduce((a, b) => (a < b ? a : b)))}, ${sql(ends.reduce((a, b) => (a > b ? a : b)))}, 1, ${sql(at)})`,
    ...ARTISTS.map((a, i) => `INSERT INTO event_artists (event_id, name, bios, image, position) VALUES (${event}, ${sql(a.name)}, ${sql(JSON.stringify(a.bios))}, ${sql(eventImagePath(a.key))}, ${i})`),
  ];
  SHOWS.forEach((s, i) => {
    const channel = s.streamed ? `(SELECT id FROM channels WHERE slug = ${sql(CHANNEL_SLUG)})` : 'NULL';
    const replay = s.replay ? `(SELECT id FROM contents WHERE slug = ${sql(REPLAY_SLUG)})` : 'NULL';
    statements.push(
      `INSERT INTO event_shows (event_id, slug, titles, descriptions, venue, starts_at, ends_at, capacity, channel_id, replay_content_id, image) VALUES (${event}, ${sql(s.slug)}, ${sql(JSON.stringify(s.titles))}, ${sql(JSON.stringify(s.descriptions))}, ${sql(s.venue)}, ${sql(starts[i] ?? at)}, ${sql(ends[i] ?? at)}, ${s.capacity}, ${channel}, ${replay}, ${sql(eventImagePath(s.slug))})`,
    );
    TICKET_TYPES.forEach((t, position) => {
      statements.push(
        `INSERT INTO ticket_types (show_id, kind, names, price_mad, price_eur, price_usd, max_per_order, position) VALUES ((SELECT id FROM event_shows WHERE slug = ${sql(s.slug)}), ${sql(t.kind)}, ${sql(JSON.stringify(t.names))}, ${t.prices[0]}, ${t.prices[1]}, ${t.prices[2]}, ${t.max}, ${position})`,
      );
    });
  });
  return statements;
}
