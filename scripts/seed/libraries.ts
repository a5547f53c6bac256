/**
 * The demo's public libraries (issue 17, spec §1 library-card service): five Moroccan public
 * libraries with their real postal codes, logos (public/catalogue/libraries/{slug}.svg, written by
 * scripts/seed/library-images.ts, shown as their WebP twins), landing texts in four languages,
 * monthly tickets and titles of the seed catalogue (premium ones among them, so a loan matters).
 * Patrons check in through the imported patron list ('csv'; scripts/seed/library-patrons.ts seeds
 * the demo cards).
 *
 * PURE module: no node: imports.
 */
import { indexText } from '../../worker/rules/search/normalize.ts';

type Texts = { en: string; fr: string; ar: string; es: string };
type Sql = (value: string | number | null | readonly unknown[]) => string;

export type LibrarySeed = {
  slug: string;
  name: Texts;
  city: Texts;
  postalCode: string;
  colors: [string, string];
  mark: string;
  monthlyTickets: number;
  landing: Texts;
  titles: string[];
};

export const LIBRARIES: readonly LibrarySeed[] = [
  {
    slug: 'bnrm-rabat',
    name: { en: 'National Library of the Kingdom of Morocco', fr: 'Bibliothèque nationale du Royaume du Maroc', ar: 'المكتبة الوطنية للمملكة المغربية', es: 'Biblioteca Nacional del Reino de Marruecos' },
    city: { en: 'Rabat', fr: 'Rabat', ar: 'الرباط', es: 'Rabat' },
    postalCode: '10000',
    colors: ['#0f4c81', '#ffffff'],
    mark: 'BNRM',
    monthlyTickets: 5,
    landing: {
      en: 'Readers of the National Library watch Moroccan cinema, documentaries and theatre free with their card: five tickets a month, each opening a title for 72 hours.',
      fr: 'Les lecteurs de la Bibliothèque nationale regardent gratuitement le cinéma, les documentaires et le théâtre marocains avec leur carte : cinq tickets par mois, chacun ouvre un titre pendant 72 heures.',
      ar: 'يشاهد قرّاء المكتبة الوطنية السينما والأفلام الوثائقية والمسرح المغربي مجانًا ببطاقتهم: خمس تذاكر في الشهر، تفتح كل واحدة منها عملًا لمدة 72 ساعة.',
      es: 'Los lectores de la Biblioteca Nacional ven gratis cine, documentales y teatro marroquíes con su carné: cinco tickets al mes, cada uno abre un título durante 72 horas.',
    },
    titles: ['salt-of-essaouira', 'fes-a-thousand-years', 'the-forger-of-marrakech', 'mellah-memories', 'the-wall', 'the-last-caravan', 'voices-of-the-gnawa', 'the-stork-of-rabat'],
  },
  {
    slug: 'mediatheque-casablanca',
    name: { en: 'Hassan II Mosque Foundation Media Library', fr: 'Médiathèque de la Fondation de la Mosquée Hassan II', ar: 'الخزانة الوسائطية لمؤسسة مسجد الحسن الثاني', es: 'Mediateca de la Fundación de la Mezquita Hassan II' },
    city: { en: 'Casablanca', fr: 'Casablanca', ar: 'الدار البيضاء', es: 'Casablanca' },
    postalCode: '20000',
    colors: ['#0b6e4f', '#f5f0e1'],
    mark: 'M2',
    monthlyTickets: 5,
    landing: {
      en: 'The media library by the sea lends films to its members: add your card and borrow five titles a month.',
      fr: 'La médiathèque au bord de l’océan prête des films à ses adhérents : ajoutez votre carte et empruntez cinq titres par mois.',
      ar: 'تُعير الخزانة الوسائطية المطلة على البحر الأفلام لمنخرطيها: أضف بطاقتك واستعر خمسة أعمال في الشهر.',
      es: 'La mediateca junto al mar presta películas a sus socios: añade tu carné y toma prestados cinco títulos al mes.',
    },
    titles: ['red-line-tangier', 'casa-blues', 'the-boxer-of-derb-sultan', 'inheritance-of-dust', 'the-salt-road', 'football-in-the-derb', 'the-last-letter'],
  },
  {
    slug: 'mediatheque-marrakech',
    name: { en: 'Marrakech Municipal Media Library', fr: 'Médiathèque municipale de Marrakech', ar: 'الخزانة الوسائطية البلدية بمراكش', es: 'Mediateca Municipal de Marrakech' },
    city: { en: 'Marrakesh', fr: 'Marrakech', ar: 'مراكش', es: 'Marrakech' },
    postalCode: '40000',
    colors: ['#b5452b', '#fff4e6'],
    mark: 'MM',
    monthlyTickets: 4,
    landing: {
      en: 'Stories of the red city and beyond, free for the media library’s members: four tickets a month.',
      fr: 'Les histoires de la ville ocre et d’ailleurs, gratuites pour les adhérents de la médiathèque : quatre tickets par mois.',
      ar: 'حكايات المدينة الحمراء وما وراءها، مجانًا لمنخرطي الخزانة الوسائطية: أربع تذاكر في الشهر.',
      es: 'Historias de la ciudad roja y más allá, gratis para los socios de la mediateca: cuatro tickets al mes.',
    },
    titles: ['the-forger-of-marrakech', 'chergui', 'the-last-storytellers', 'border-of-sand', 'the-laughing-judge', 'stars-over-merzouga'],
  },
  {
    slug: 'mediatheque-tanger',
    name: { en: 'Tangier Municipal Media Library', fr: 'Médiathèque municipale de Tanger', ar: 'الخزانة الوسائطية البلدية بطنجة', es: 'Mediateca Municipal de Tánger' },
    city: { en: 'Tangier', fr: 'Tanger', ar: 'طنجة', es: 'Tánger' },
    postalCode: '90000',
    colors: ['#1d3557', '#a8dadc'],
    mark: 'MT',
    monthlyTickets: 5,
    landing: {
      en: 'Between two seas, the media library of Tangier opens its film shelf online: five tickets a month for its readers.',
      fr: 'Entre deux mers, la médiathèque de Tanger ouvre sa filmothèque en ligne : cinq tickets par mois pour ses lecteurs.',
      ar: 'بين بحرين، تفتح الخزانة الوسائطية بطنجة رفّ أفلامها على الإنترنت: خمس تذاكر في الشهر لقرّائها.',
      es: 'Entre dos mares, la mediateca de Tánger abre su filmoteca en línea: cinco tickets al mes para sus lectores.',
    },
    titles: ['red-line-tangier', 'night-train-to-oujda', 'last-call-in-agadir', 'the-cartographer', 'taghazout-waves', 'the-tanners-son'],
  },
  {
    slug: 'bibliotheque-fes',
    name: { en: 'Fez Municipal Library', fr: 'Bibliothèque municipale de Fès', ar: 'الخزانة البلدية بفاس', es: 'Biblioteca Municipal de Fez' },
    city: { en: 'Fez', fr: 'Fès', ar: 'فاس', es: 'Fez' },
    postalCode: '30000',
    colors: ['#5b2a86', '#f3e9ff'],
    mark: 'BF',
    monthlyTickets: 5,
    landing: {
      en: 'In the city of the oldest university, the municipal library lends films, documentaries and plays to its members.',
      fr: 'Dans la ville de la plus ancienne université, la bibliothèque municipale prête films, documentaires et pièces à ses adhérents.',
      ar: 'في مدينة أقدم جامعة، تُعير الخزانة البلدية الأفلام والوثائقيات والمسرحيات لمنخرطيها.',
      es: 'En la ciudad de la universidad más antigua, la biblioteca municipal presta películas, documentales y obras de teatro a sus socios.',
    },
    titles: ['fes-a-thousand-years', 'the-sultans-clock', 'mellah-memories', 'the-salt-road', 'the-miser-of-sale', 'the-last-letter', 'inheritance-of-dust'],
  },
];

const escape = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A library's logo: a rounded square, an open book and its initials. */
export function libraryLogoSvg(library: Pick<LibrarySeed, 'colors' | 'mark'>): string {
  const [bg, fg] = library.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160">
  <rect width="160" height="160" rx="28" fill="${bg}"/>
  <path d="M34 52c16-6 32-6 46 4 14-10 30-10 46-4v52c-16-6-32-6-46 4-14-10-30-10-46-4z" fill="none" stroke="${fg}" stroke-width="5" stroke-linejoin="round"/>
  <path d="M80 56v52" stroke="${fg}" stroke-width="4"/>
  <text x="80" y="140" text-anchor="middle" font-family="system-ui, 'Noto Sans', sans-serif" font-size="${library.mark.length > 2 ? 24 : 28}" font-weight="800" fill="${fg}">${escape(library.mark)}</text>
</svg>
`;
}

/** The finder's folded words of a library (worker/rules/search/normalize.ts, as the catalogue's search). */
export const librarySearchText = (l: Pick<LibrarySeed, 'slug' | 'name' | 'city' | 'postalCode'>): string =>
  indexText([...Object.values(l.name), ...Object.values(l.city), l.postalCode, l.slug.replaceAll('-', ' ')]);

/** The libraries and their titles (idempotent: a library is updated in place by slug, its titles written again). */
export function libraryStatements(now: Date, sql: Sql): string[] {
  const at = now.toISOString();
  return LIBRARIES.flatMap((l) => [
    `INSERT INTO libraries (slug, name, city, postal_code, logo, landing, monthly_tickets, patron_auth, search_text, published, updated_at)
     VALUES (${sql(l.slug)}, ${sql(JSON.stringify(l.name))}, ${sql(JSON.stringify(l.city))}, ${sql(l.postalCode)}, ${sql(`/catalogue/libraries/${l.slug}.webp`)}, ${sql(JSON.stringify(l.landing))}, ${l.monthlyTickets}, 'csv', ${sql(librarySearchText(l))}, 1, ${sql(at)})
     ON CONFLICT (slug) DO UPDATE SET name = excluded.name, city = excluded.city, postal_code = excluded.postal_code, logo = excluded.logo, landing = excluded.landing,
       monthly_tickets = excluded.monthly_tickets, search_text = excluded.search_text, updated_at = excluded.updated_at`,
    ...l.titles.map(
      (slug, position) =>
        `INSERT OR IGNORE INTO library_titles (library_id, content_id, position) SELECT l.id, c.id, ${position} FROM libraries l, contents c WHERE l.slug = ${sql(l.slug)} AND c.slug = ${sql(slug)}`,
    ),
  ]);
}
