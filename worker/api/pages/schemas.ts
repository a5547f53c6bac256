import { z } from 'zod';
import { Access, LibraryOffer } from '../entitlements/schemas';
import { langQuery, slug } from '../schemas';

/** Query of GET /pages/category/{slug} and GET /pages/content/{slug} (spec §7: lang, limit, proxy). */
export const listQuery = langQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(40),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  proxy: z.string().optional(),
  profileId: z.coerce.number().int().min(0).optional(),
});

export const slugParam = z.object({ slug });

export const CategoryRef = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  parents: z.array(z.object({ slug: z.string() })),
});
export type CategoryRef = z.infer<typeof CategoryRef>;

export const AgeRestriction = z.string().regex(/^(no-age-restriction|\d+-age-restriction)$/);

const contentBase = {
  id: z.number(),
  slug: z.string(),
  type: z.enum(['video', 'playlist', 'grid', 'webview']),
  name_long: z.string(),
  original_title: z.string(),
  synopsis: z.string().nullable(),
  categories: z.array(CategoryRef),
  /** Names of the content's categories under the "genres" parent. */
  genres: z.array(z.string()),
  /** '{N}-age-restriction' from the content's maturity category, else 'no-age-restriction'. */
  age_restriction: AgeRestriction,
  publication_date_start: z.string(),
  release_date: z.string().nullable(),
  production_year: z.number().nullable(),
  country: z.string().nullable(),
  languages: z.array(z.string()),
  subtitles: z.array(z.string()),
  tags: z.array(z.string()),
  cast: z.array(z.string()),
  director: z.string().nullable(),
  screenwriter: z.string().nullable(),
  /** Seconds. */
  duration: z.number().nullable(),
  trailer: z.string().nullable(),
  featured: z.boolean(),
  premium: z.boolean(),
  tile_image: z.string().nullable(),
  vertical_image: z.string().nullable(),
};

export const Content = z.object(contentBase);
export type Content = z.infer<typeof Content>;

export const Episode = z.object({
  id: z.number(),
  slug: z.string(),
  season_number: z.number(),
  episode_number: z.number(),
  name_long: z.string(),
  synopsis: z.string().nullable(),
  duration: z.number().nullable(),
  tile_image: z.string().nullable(),
});
export type Episode = z.infer<typeof Episode>;

export const Season = z.object({ number: z.number(), episodes: z.array(Episode) });
export type Season = z.infer<typeof Season>;

/**
 * Playback facts of the content page (issue 5). `allowed_countries`: where it plays ([] =
 * everywhere; an episode without its own list has its series'); `has_media` / `has_trailer`: main
 * or trailer media can be streamed (stream_url); `access` for this caller: 'premium' (premium title,
 * platform not free, no active subscription) or 'geoblocked' (country outside allowed_countries).
 */
export const ContentPlayback = {
  allowed_countries: z.array(z.string()),
  youtube_id: z.string().nullable(),
  has_media: z.boolean(),
  has_trailer: z.boolean(),
  access: Access,
  /**
   * Pay per title, for a logged-in viewer of a premium title: their ticket balance (spec §3 credits) and
   * the end of a running unlock of this title (null: not unlocked); null for guests and free titles.
   */
  tickets: z.object({ credits: z.number(), until: z.string().nullable() }).nullable().default(null),
  /** A library title (issue 17) for a viewer who is not subscribed: see LibraryOffer; null otherwise. */
  library: LibraryOffer.nullable().default(null),
};

/** GET /pages/content/{slug}: the content with its seasons (series) and related titles. */
export const ContentPage = z.object({
  content: Content.extend({ seasons: z.array(Season), ...ContentPlayback }),
  related: z.array(Content),
});
export type ContentPage = z.infer<typeof ContentPage>;

/** GET /pages/category/{slug}. */
export const CategoryPage = z.object({
  category: CategoryRef.extend({ description: z.string().nullable() }),
  contents: z.array(Content),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type CategoryPage = z.infer<typeof CategoryPage>;

/** GET /pages/category/top-{slug}: the first 5 featured contents. */
export const TopContents = z.object({ contents: z.array(Content) });
export type TopContents = z.infer<typeof TopContents>;

/** Menu item (spec §3): slug, name, type. */
export const MenuItem = z.object({ slug: z.string(), name: z.string(), type: z.string() });
export type MenuItem = z.infer<typeof MenuItem>;
export const Menu = z.array(MenuItem);

/** GET /pages/navigation: the home rows, each a category with its first contents. */
export const NavigationRow = z.object({ id: z.number(), category: CategoryRef, contents: z.array(Content) });
export type NavigationRow = z.infer<typeof NavigationRow>;
export const Navigation = z.array(NavigationRow);

/** A maturity rating (child of the 'maturity' category): `rating` is the minimum age (0 = all audiences). */
export const Rating = z.object({ slug: z.string(), name: z.string(), rating: z.number().int().min(0) });
export type Rating = z.infer<typeof Rating>;
/** GET /pages/ratings: every rating, youngest first (profile forms: age-restriction select and labels). */
export const Ratings = z.array(Rating);

/** Spec §9: favourites (and history) are fetched in batches of at most 20 ids. */
export const CONTENTS_BATCH = 20;

/** GET /pages/contents?ids=1,2,3&direction=asc|desc: ids comma-separated, at most CONTENTS_BATCH. */
export const contentsQuery = langQuery.extend({
  ids: z
    .string()
    .max(400)
    .regex(/^\s*(\d{1,15}\s*(,\s*\d{1,15}\s*)*)?$/, 'IDS_FORMAT')
    .transform((text) => [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean).map(Number))])
    .refine((ids) => ids.length <= CONTENTS_BATCH, 'TOO_MANY_IDS'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  profileId: z.coerce.number().int().min(0).optional(),
});

/** GET /pages/contents: the visible contents, in the order of `ids` (asc) or reversed (desc). */
export const ContentsList = z.object({ contents: z.array(Content) });
export type ContentsList = z.infer<typeof ContentsList>;
