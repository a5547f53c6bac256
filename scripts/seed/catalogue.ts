/**
 * Demo catalogue of the Moroccan streaming service, as SQL statements for the D1
 * schema of worker/db/migrations/0001_catalogue.sql.
 *
 * PURE module: no node: imports and no file access. It is imported by
 * vitest.config.ts (TEST_SEED binding), scripts/seed/index.ts (local database)
 * and scripts/seed/images.ts (poster and tile artwork). All ids are explicit so
 * that the data is deterministic.
 */
import { tagsByLanguage } from './tags.ts';
import { LANGS, L } from './types.ts';
import type { Editorial, Format, Genre, I18n, Lang, Maturity, TitleSeed } from './types.ts';
import { films } from './data/films.ts';
import { series } from './data/series.ts';
import { documentaries } from './data/documentaries.ts';
import { theatre } from './data/theatre.ts';
import { kids } from './data/kids.ts';
import { seedSearchStatements } from './search.ts';
import { mediaStatements } from './media.ts';
import { couponStatements, planStatements } from './plans.ts';

export { LANGS, L };
export type { Editorial, EpisodeSeed, Format, Genre, I18n, Lang, Maturity, SeasonSeed, TitleSeed } from './types.ts';

// ---------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------

/** config table: key → JSON value. */
export const config: Readonly<Record<string, unknown>> = {
  free_platform: false,
  app_access: 'open',
  available_langs: [
    { id: 'en', name: 'English' },
    { id: 'fr', name: 'Français' },
    { id: 'ar', name: 'العربية' },
    { id: 'es', name: 'Español' },
  ],
  socials: {
    facebook: ['https://facebook.com/tafrij.ma'],
    instagram: ['https://instagram.com/tafrij.ma'],
    youtube: ['https://youtube.com/@tafrij'],
    tiktok: ['https://tiktok.com/@tafrij.ma'],
    x: ['https://x.com/tafrij_ma'],
  },
  notifications: true,
  options: { SEARCH: true },
};

// ---------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------

export interface CategorySeed {
  readonly id: number;
  readonly slug: string;
  readonly parentId: number | null;
  /** Minimum age, only for children of `maturity`. */
  readonly rating: number | null;
  readonly position: number;
  readonly name: I18n;
  readonly description: I18n | null;
}

function cat(id: number, slug: string, parentId: number | null, position: number, name: I18n, description: I18n | null = null, rating: number | null = null): CategorySeed {
  return { id, slug, parentId, rating, position, name, description };
}

export const FORMAT_CATEGORY_IDS: Readonly<Record<Format, number>> = { films: 1, series: 2, documentaries: 3, theatre: 4, kids: 5 };
export const EDITORIAL_CATEGORY_IDS: Readonly<Record<Editorial, number>> = { home: 10, trending: 11, 'new-releases': 12, ramadan: 13, notifications: 14 };
export const GENRES_CATEGORY_ID = 20;
export const GENRE_CATEGORY_IDS: Readonly<Record<Genre, number>> = {
  drama: 21,
  comedy: 22,
  history: 23,
  thriller: 24,
  family: 25,
  romance: 26,
  crime: 27,
  music: 28,
  animation: 29,
  adventure: 30,
};
export const MATURITY_CATEGORY_ID = 40;
export const MATURITY_CATEGORY_IDS: Readonly<Record<Maturity, number>> = { 'all-ages': 41, '10-plus': 42, '12-plus': 43, '16-plus': 44, '18-plus': 45 };

export const categories: readonly CategorySeed[] = [
  // Formats
  cat(1, 'films', null, 1, L('Films', 'Films', 'أفلام', 'Películas'), L(
    'Moroccan feature films and co-productions, from intimate dramas to big-screen thrillers.',
    "Longs métrages marocains et coproductions, des drames intimistes aux thrillers à grand spectacle.",
    'أفلام مغربية طويلة وإنتاجات مشتركة، من الدراما الحميمة إلى أفلام التشويق الكبرى.',
    'Largometrajes marroquíes y coproducciones, de los dramas íntimos a los grandes thrillers.',
  )),
  cat(2, 'series', null, 2, L('Series', 'Séries', 'مسلسلات', 'Series'), L(
    'Period sagas, police dramas and family sitcoms to watch episode after episode.',
    "Sagas d'époque, polars et sitcoms familiales à regarder épisode après épisode.",
    'ملاحم تاريخية ومسلسلات بوليسية وسيتكومات عائلية تُشاهَد حلقةً بعد حلقة.',
    'Sagas de época, series policíacas y comedias familiares para ver episodio tras episodio.',
  )),
  cat(3, 'documentaries', null, 3, L('Documentaries', 'Documentaires', 'وثائقيات', 'Documentales'), L(
    'Heritage, nature, music and society: Morocco told by those who live it.',
    'Patrimoine, nature, musique et société : le Maroc raconté par ceux qui le vivent.',
    'تراث وطبيعة وموسيقى ومجتمع: المغرب كما يرويه من يعيشونه.',
    'Patrimonio, naturaleza, música y sociedad: Marruecos contado por quienes lo viven.',
  )),
  cat(4, 'theatre', null, 4, L('Theatre', 'Théâtre', 'مسرح', 'Teatro'), L(
    'The best of Moroccan stage, filmed live: comedies, dramas and storytelling.',
    'Le meilleur de la scène marocaine, filmé en public : comédies, drames et contes.',
    'أفضل ما على الخشبة المغربية، مصوّرًا أمام الجمهور: كوميديا ودراما وحكي.',
    'Lo mejor de la escena marroquí, grabado en directo: comedias, dramas y narración oral.',
  )),
  cat(5, 'kids', null, 5, L('Kids', 'Enfants', 'أطفال', 'Infantil'), L(
    'Cartoons and family adventures for the youngest viewers.',
    'Dessins animés et aventures familiales pour les plus jeunes.',
    'رسوم متحركة ومغامرات عائلية للمشاهدين الصغار.',
    'Dibujos animados y aventuras familiares para los más pequeños.',
  )),
  // Editorial selections
  cat(10, 'home', null, 10, L('Featured', 'À la une', 'مختارات', 'Destacados'), L(
    'Our selection of the moment.',
    'Notre sélection du moment.',
    'اختياراتنا لهذه الفترة.',
    'Nuestra selección del momento.',
  )),
  cat(11, 'trending', null, 11, L('Trending now', 'Tendances', 'الأكثر مشاهدة', 'Tendencias'), L(
    'What everyone in Morocco is watching this week.',
    'Ce que tout le Maroc regarde cette semaine.',
    'ما يشاهده الجميع في المغرب هذا الأسبوع.',
    'Lo que todo Marruecos está viendo esta semana.',
  )),
  cat(12, 'new-releases', null, 12, L('New releases', 'Nouveautés', 'جديد المنصّة', 'Novedades'), L(
    'The latest films, series and shows added to the catalogue.',
    'Les derniers films, séries et spectacles ajoutés au catalogue.',
    'أحدث الأفلام والمسلسلات والعروض المضافة إلى الكتالوج.',
    'Las últimas películas, series y espectáculos añadidos al catálogo.',
  )),
  cat(13, 'ramadan', null, 13, L('Ramadan Nights', 'Nuits du Ramadan', 'ليالي رمضان', 'Noches de Ramadán'), L(
    'Sitcoms, sagas and family favourites to share after ftour.',
    'Sitcoms, sagas et classiques familiaux à partager après le ftour.',
    'سيتكومات وملاحم وأعمال عائلية محبوبة للمشاهدة معًا بعد الفطور.',
    'Comedias, sagas y clásicos familiares para compartir después del ftur.',
  )),
  // The notification bell (spec §2, §7 GET /pages/category/notifications): the titles announced to
  // viewers, newest first by position. Not in the menu nor on the home page; scripts/admin/notify.ts
  // publishes a title here.
  cat(14, 'notifications', null, 14, L('Notifications', 'Notifications', 'الإشعارات', 'Notificaciones'), L(
    'New on Tafrij: the latest films, series and shows.',
    'Nouveau sur Tafrij : les derniers films, séries et spectacles.',
    'جديد تفرّج: أحدث الأفلام والمسلسلات والعروض.',
    'Nuevo en Tafrij: las últimas películas, series y espectáculos.',
  )),
  // Genres
  cat(GENRES_CATEGORY_ID, 'genres', null, 20, L('Genres', 'Genres', 'الأنواع', 'Géneros')),
  cat(21, 'drama', GENRES_CATEGORY_ID, 1, L('Drama', 'Drame', 'دراما', 'Drama')),
  cat(22, 'comedy', GENRES_CATEGORY_ID, 2, L('Comedy', 'Comédie', 'كوميديا', 'Comedia')),
  cat(23, 'history', GENRES_CATEGORY_ID, 3, L('History', 'Histoire', 'تاريخ', 'Historia')),
  cat(24, 'thriller', GENRES_CATEGORY_ID, 4, L('Thriller', 'Thriller', 'تشويق', 'Suspense')),
  cat(25, 'family', GENRES_CATEGORY_ID, 5, L('Family', 'Famille', 'عائلي', 'Familiar')),
  cat(26, 'romance', GENRES_CATEGORY_ID, 6, L('Romance', 'Romance', 'رومانسي', 'Romance')),
  cat(27, 'crime', GENRES_CATEGORY_ID, 7, L('Crime', 'Policier', 'جريمة', 'Policíaco')),
  cat(28, 'music', GENRES_CATEGORY_ID, 8, L('Music', 'Musique', 'موسيقى', 'Música')),
  cat(29, 'animation', GENRES_CATEGORY_ID, 9, L('Animation', 'Animation', 'رسوم متحركة', 'Animación')),
  cat(30, 'adventure', GENRES_CATEGORY_ID, 10, L('Adventure', 'Aventure', 'مغامرة', 'Aventura')),
  // Maturity ratings (rating = minimum age)
  cat(MATURITY_CATEGORY_ID, 'maturity', null, 40, L('Maturity rating', 'Classification', 'التصنيف العمري', 'Clasificación por edades')),
  cat(41, 'all-ages', MATURITY_CATEGORY_ID, 1, L('All ages', 'Tous publics', 'لجميع الأعمار', 'Todos los públicos'), L(
    'Suitable for all audiences.',
    'Convient à tous les publics.',
    'مناسب لجميع الفئات العمرية.',
    'Apto para todos los públicos.',
  ), 0),
  cat(42, '10-plus', MATURITY_CATEGORY_ID, 2, L('10+', '-10', '+10', '+10'), L(
    'Not recommended for children under 10.',
    'Déconseillé aux moins de 10 ans.',
    'لا يُنصح به لمن هم دون العاشرة.',
    'No recomendado para menores de 10 años.',
  ), 10),
  cat(43, '12-plus', MATURITY_CATEGORY_ID, 3, L('12+', '-12', '+12', '+12'), L(
    'Not recommended for children under 12.',
    'Déconseillé aux moins de 12 ans.',
    'لا يُنصح به لمن هم دون الثانية عشرة.',
    'No recomendado para menores de 12 años.',
  ), 12),
  cat(44, '16-plus', MATURITY_CATEGORY_ID, 4, L('16+', '-16', '+16', '+16'), L(
    'Not recommended for viewers under 16.',
    'Déconseillé aux moins de 16 ans.',
    'لا يُنصح به لمن هم دون السادسة عشرة.',
    'No recomendado para menores de 16 años.',
  ), 16),
  cat(45, '18-plus', MATURITY_CATEGORY_ID, 5, L('18+', '-18', '+18', '+18'), L(
    'Adults only.',
    'Interdit aux moins de 18 ans.',
    'للبالغين فقط.',
    'Solo para adultos.',
  ), 18),
];

// ---------------------------------------------------------------------------
// Contents
// ---------------------------------------------------------------------------

/** Every top-level title: films 1–20, series 21–32, documentaries 33–42, theatre 43–50, kids 51–60. */
export const titles: readonly TitleSeed[] = [...films, ...series, ...documentaries, ...theatre, ...kids];

export interface EpisodeRow {
  readonly id: number;
  readonly slug: string;
  readonly parent: TitleSeed;
  readonly seasonNumber: number;
  readonly episodeNumber: number;
  readonly originalTitle: string;
  readonly name: I18n;
  readonly synopsis: I18n;
  /** Seconds. */
  readonly duration: number;
  readonly published: string;
  readonly releaseDate: string;
}

/** Episodes of every series; id = series id × 100 + season × 10 + episode. */
export const episodes: readonly EpisodeRow[] = titles.flatMap((t) =>
  (t.seasons ?? []).flatMap((season) =>
    season.episodes.map((e): EpisodeRow => {
      const originalLang: Lang = t.languages[0] === 'fr' ? 'fr' : t.languages[0] === 'es' ? 'es' : 'ar';
      return {
        id: t.id * 100 + season.number * 10 + e.number,
        slug: `${t.slug}-s${season.number}e${e.number}`,
        parent: t,
        seasonNumber: season.number,
        episodeNumber: e.number,
        originalTitle: e.name[originalLang],
        name: e.name,
        synopsis: e.synopsis,
        duration: e.minutes * 60,
        published: season.published,
        releaseDate: season.published.slice(0, 10),
      };
    }),
  ),
);

/** Ordered editorial selections (position = index). `new-releases` is derived from publication dates; `notifications` holds recent titles, newest first. */
export const editorial: Readonly<Record<Editorial, readonly string[]>> = {
  home: [
    'dar-el-bacha',
    'the-last-caravan',
    'district-17',
    'wedding-season',
    'the-kasbah-hotel',
    'fes-a-thousand-years',
    'zayd-and-the-magic-carpet',
    'the-andalusian-heirs',
  ],
  trending: [
    'district-17',
    'medina-nights',
    'the-boxer-of-derb-sultan',
    'the-kasbah-hotel',
    'casa-blues',
    'cyber-derb',
    'hanout-hamid',
    'red-line-tangier',
    'football-in-the-derb',
    'jamal-the-camel-detective',
    'midnight-radio',
    'the-sultans-jester',
  ],
  'new-releases': titles
    .filter((t) => t.published >= '2026-10-01')
    .toSorted((a, b) => (a.published < b.published ? 1 : a.published > b.published ? -1 : 0))
    .map((t) => t.slug),
  ramadan: [
    'dar-el-bacha',
    'hajja-and-sons',
    'hanout-hamid',
    'wedding-season',
    'zellige',
    'the-laughing-judge',
    'ramadan-tables',
    'the-riad',
    'the-tanners-son',
    'grandmas-tales',
    'bride-of-the-atlas',
    'the-last-storytellers',
    'the-singing-goat',
  ],
  // Newest first: the bell of a fresh database shows these four, one of them 16+ (hidden from kids).
  notifications: ['night-train-to-oujda', 'taghazout-waves', 'tea-for-three', 'robot-of-the-souk'],
};

// ---------------------------------------------------------------------------
// Menus and home rows
// ---------------------------------------------------------------------------

export interface MenuItemSeed {
  readonly id: number;
  readonly slug: string;
  readonly type: 'category' | 'grid' | 'tv' | 'events' | 'libraries';
  readonly position: number;
  readonly name: I18n;
}

function categoryName(slug: string): I18n {
  const c = categories.find((x) => x.slug === slug);
  if (!c) throw new Error(`unknown category ${slug}`);
  return c.name;
}

export const menuItems: readonly MenuItemSeed[] = [
  { id: 1, slug: 'films', type: 'category', position: 1, name: categoryName('films') },
  { id: 2, slug: 'series', type: 'category', position: 2, name: categoryName('series') },
  { id: 3, slug: 'documentaries', type: 'category', position: 3, name: categoryName('documentaries') },
  { id: 4, slug: 'theatre', type: 'category', position: 4, name: categoryName('theatre') },
  { id: 5, slug: 'kids', type: 'category', position: 5, name: categoryName('kids') },
  { id: 6, slug: 'ramadan', type: 'grid', position: 6, name: L('Ramadan', 'Ramadan', 'رمضان', 'Ramadán') },
  { id: 7, slug: 'live', type: 'tv', position: 7, name: L('Live TV', 'TV en direct', 'البث المباشر', 'TV en directo') },
  // Our festival hub (/events) and the public libraries (/libraries): worker/db/migrations/0019 adds them to databases seeded before.
  { id: 8, slug: 'festival', type: 'events', position: 8, name: L('Festival', 'Festival', 'المهرجان', 'Festival') },
  { id: 9, slug: 'libraries', type: 'libraries', position: 9, name: L('Libraries', 'Bibliothèques', 'المكتبات', 'Bibliotecas') },
];

/** Home page rows, in order. */
export const navigation: readonly string[] = ['trending', 'new-releases', 'films', 'series', 'ramadan', 'documentaries', 'theatre', 'kids'];

// ---------------------------------------------------------------------------
// SQL
// ---------------------------------------------------------------------------

type SqlValue = string | number | boolean | null | undefined | readonly unknown[] | Readonly<Record<string, unknown>>;

/** SQL literal: NULL, integers, 1/0 for booleans, quoted strings; arrays and objects as quoted JSON. */
export function sql(value: SqlValue): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

function insert(table: string, columns: readonly string[], rows: readonly (readonly SqlValue[])[]): string {
  const cols = columns.map((c) => `"${c}"`).join(', ');
  const values = rows.map((r) => `(${r.map(sql).join(', ')})`).join(',\n  ');
  return `INSERT INTO ${table} (${cols}) VALUES\n  ${values}`;
}

const CONTENT_COLUMNS = [
  'id',
  'slug',
  'type',
  'parent_id',
  'season_number',
  'episode_number',
  'original_title',
  'cast',
  'director',
  'screenwriter',
  'release_date',
  'production_year',
  'country',
  'languages',
  'subtitles',
  'tags',
  'duration',
  'trailer_url',
  'featured',
  'premium',
  'publication_date_start',
  'tile_image',
  'vertical_image',
] as const;

function i18nRows(id: number, a: I18n, b: I18n | null): SqlValue[][] {
  return LANGS.map((lang) => [id, lang, a[lang], b ? b[lang] : null]);
}

/** The artwork's WebP (scripts/seed/raster-images.ts renders it from the SVG of scripts/seed/images.ts). */
export function tileImage(slug: string): string {
  return `/catalogue/${slug}-tile.webp`;
}
export function posterImage(slug: string): string {
  return `/catalogue/${slug}-poster.webp`;
}

function categoryStatements(c: CategorySeed): string[] {
  return [
    insert('categories', ['id', 'slug', 'parent_id', 'rating', 'position'], [[c.id, c.slug, c.parentId, c.rating, c.position]]),
    insert('category_i18n', ['category_id', 'lang', 'name', 'description'], i18nRows(c.id, c.name, c.description)),
  ];
}

/**
 * The `notifications` category with its titles, for a database seeded before it existed
 * (scripts/seed/index.ts adds it when missing, so `npm start` shows the bell there too).
 */
export function notificationsCategoryStatements(): string[] {
  const id = EDITORIAL_CATEGORY_IDS.notifications;
  const category = categories.find((c) => c.id === id);
  if (!category) throw new Error('no notifications category');
  const rows = editorial.notifications.map((slug, index) => {
    const title = titles.find((t) => t.slug === slug);
    if (!title) throw new Error(`editorial notifications: unknown title ${slug}`);
    return [title.id, id, index + 1];
  });
  return [...categoryStatements(category), insert('content_categories', ['content_id', 'category_id', 'position'], rows)];
}

/** Every statement needed to fill an empty, migrated database (no trailing semicolons). */
export function seedStatements(): string[] {
  const out: string[] = [];

  out.push(insert('config', ['key', 'value'], Object.entries(config).map(([k, v]) => [k, JSON.stringify(v)])));
  out.push(...planStatements(), ...couponStatements());

  for (const c of categories) out.push(...categoryStatements(c));

  const slugToId = new Map(titles.map((t) => [t.slug, t.id]));
  const memberships = new Map<number, SqlValue[][]>();
  const addMembership = (contentId: number, categoryId: number, position: number): void => {
    const rows = memberships.get(contentId) ?? [];
    rows.push([contentId, categoryId, position]);
    memberships.set(contentId, rows);
  };
  const genrePositions = new Map<number, number>();
  const maturityPositions = new Map<number, number>();
  const formatPositions = new Map<number, number>();
  const next = (m: Map<number, number>, key: number): number => {
    const n = (m.get(key) ?? 0) + 1;
    m.set(key, n);
    return n;
  };

  for (const t of titles) {
    const type = t.format === 'series' ? 'playlist' : 'video';
    out.push(
      insert('contents', CONTENT_COLUMNS, [
        [
          t.id,
          t.slug,
          type,
          null,
          null,
          null,
          t.originalTitle,
          t.cast,
          t.director,
          t.screenwriter,
          t.releaseDate,
          t.productionYear,
          t.country,
          t.languages,
          t.subtitles,
          tagsByLanguage(t.tags),
          t.minutes === null ? null : t.minutes * 60,
          t.trailer ? `/media/trailers/${t.slug}.m3u8` : null,
          t.featured,
          t.premium,
          t.published,
          tileImage(t.slug),
          posterImage(t.slug),
        ],
      ]),
    );
    out.push(insert('content_i18n', ['content_id', 'lang', 'name_long', 'synopsis'], i18nRows(t.id, t.name, t.synopsis)));

    const formatId = FORMAT_CATEGORY_IDS[t.format];
    addMembership(t.id, formatId, next(formatPositions, formatId));
    for (const g of t.genres) {
      const gid = GENRE_CATEGORY_IDS[g];
      addMembership(t.id, gid, next(genrePositions, gid));
    }
    if (t.maturity) {
      const mid = MATURITY_CATEGORY_IDS[t.maturity];
      addMembership(t.id, mid, next(maturityPositions, mid));
    }
  }

  for (const [key, slugs] of Object.entries(editorial) as [Editorial, readonly string[]][]) {
    slugs.forEach((slug, index) => {
      const id = slugToId.get(slug);
      if (id === undefined) throw new Error(`editorial ${key}: unknown title ${slug}`);
      addMembership(id, EDITORIAL_CATEGORY_IDS[key], index + 1);
    });
  }

  for (const e of episodes) {
    const p = e.parent;
    out.push(
      insert('contents', CONTENT_COLUMNS, [
        [
          e.id,
          e.slug,
          'video',
          p.id,
          e.seasonNumber,
          e.episodeNumber,
          e.originalTitle,
          p.cast,
          p.director,
          p.screenwriter,
          e.releaseDate,
          p.productionYear,
          p.country,
          p.languages,
          p.subtitles,
          [],
          e.duration,
          null,
          false,
          p.premium,
          e.published,
          tileImage(e.slug),
          null,
        ],
      ]),
    );
    out.push(insert('content_i18n', ['content_id', 'lang', 'name_long', 'synopsis'], i18nRows(e.id, e.name, e.synopsis)));
  }

  for (const [, rows] of [...memberships].toSorted(([a], [b]) => a - b)) {
    out.push(insert('content_categories', ['content_id', 'category_id', 'position'], rows));
  }

  for (const m of menuItems) {
    out.push(insert('menu_items', ['id', 'slug', 'type', 'position'], [[m.id, m.slug, m.type, m.position]]));
    out.push(insert('menu_item_i18n', ['menu_item_id', 'lang', 'name'], LANGS.map((lang) => [m.id, lang, m.name[lang]])));
  }

  out.push(
    insert(
      'navigation',
      ['id', 'category_id', 'position'],
      navigation.map((slug, index) => {
        const c = categories.find((x) => x.slug === slug);
        if (!c) throw new Error(`navigation: unknown category ${slug}`);
        return [index + 1, c.id, index + 1];
      }),
    ),
  );

  // Search index (worker/db/migrations/0005_search.sql) of every top-level title.
  out.push(...seedSearchStatements(titles));

  // Demo media (worker/db/migrations/0004_watching.sql), country restrictions, YouTube items.
  out.push(...mediaStatements(titles, episodes, sql));

  return out;
}
