/**
 * Demo media of the seed: every playable title and episode gets a `media` row (kind 'main') and
 * every title with a trailer a 'trailer' row, all pointing at the generated demo clips of
 * scripts/seed/media/ (uploaded to local R2 under their prefixes by scripts/seed/index.ts).
 * Also a few per-title country restrictions and one YouTube-hosted item.
 *
 * PURE module (imported by catalogue.ts, hence by vitest.config.ts): no node: imports.
 */
import demo from './media/demo.json' with { type: 'json' };
import type { TitleSeed } from './types.ts';
import { DEMO_LOOPS } from '../media/loop.ts';

export type DemoClip = {
  /** R2 prefix, e.g. 'demo/a/main'; the files are in scripts/seed/media/{variant}/. */
  readonly prefix: string;
  readonly duration: number;
  readonly renditions: readonly { readonly height: number; readonly bandwidth: number }[];
  readonly subtitles: readonly { readonly lang: string; readonly file: string }[];
  readonly poster: string;
  readonly thumbnails: string;
  /** Every file under the prefix (relative paths), written by scripts/media/demo.ts. */
  readonly files: readonly string[];
};

/** The demo clips by variant: 'a', 'b', 'c' (feature-like, titles and episodes) and 't' (trailer). */
export const DEMO_CLIPS: Readonly<Record<string, DemoClip>> = demo.clips;
const MAIN_VARIANTS = ['a', 'b', 'c'] as const;

/** The feature-like clips (looped DEMO_LOOPS times when uploaded), as opposed to the trailer. */
export const isMainVariant = (variant: string): boolean => (MAIN_VARIANTS as readonly string[]).includes(variant);
const TRAILER_VARIANT = 't';

/** Titles playable only in some countries (ISO 3166-1 alpha-2); their episodes inherit the list. */
export const ALLOWED_COUNTRIES: Readonly<Record<string, readonly string[]>> = {
  'chefchaouen-in-blue': ['MA'],
  'the-cartographer': ['MA', 'FR', 'BE'],
  'rif-road': ['MA'],
};

/** YouTube-hosted items (played at /youtube/{slug}); they have no media in R2. */
export const YOUTUBE_IDS: Readonly<Record<string, string>> = {
  halqa: 'aqz-KE-bpKQ',
};

/** The demo clip of a content: consecutive ids (episodes of a season) get different clips. */
export const demoVariant = (contentId: number): string => MAIN_VARIANTS[contentId % MAIN_VARIANTS.length] ?? 'a';

function clip(variant: string): DemoClip {
  const c = DEMO_CLIPS[variant];
  if (!c) throw new Error(`scripts/seed/media/demo.json has no clip '${variant}' (run node scripts/media/demo.ts)`);
  return c;
}

type Sql = (value: string | number | null | readonly unknown[]) => string;

/** SQL for the media rows and content settings, run after the contents are inserted. */
export function mediaStatements(titles: readonly TitleSeed[], episodes: readonly { readonly id: number; readonly parent: TitleSeed }[], sql: Sql): string[] {
  const createdAt = '2026-01-01T00:00:00.000Z';
  // A main clip plays DEMO_LOOPS times in a row (scripts/seed/media-upload.ts); a trailer once.
  const row = (contentId: number, kind: 'main' | 'trailer', c: DemoClip): string =>
    `(${[contentId, kind, c.prefix, kind === 'main' ? c.duration * DEMO_LOOPS : c.duration, JSON.stringify(c.renditions), JSON.stringify(c.subtitles), c.poster, c.thumbnails, createdAt].map((v) => sql(v)).join(', ')})`;
  const rows: string[] = [];
  for (const t of titles) {
    if (t.format !== 'series' && !YOUTUBE_IDS[t.slug]) rows.push(row(t.id, 'main', clip(demoVariant(t.id))));
    if (t.trailer) rows.push(row(t.id, 'trailer', clip(TRAILER_VARIANT)));
  }
  for (const e of episodes) rows.push(row(e.id, 'main', clip(demoVariant(e.id))));
  const out = [
    `INSERT INTO media ("content_id", "kind", "r2_prefix", "duration", "renditions", "subtitles", "poster", "thumbnails", "created_at") VALUES\n  ${rows.join(',\n  ')}`,
  ];
  for (const [slug, countries] of Object.entries(ALLOWED_COUNTRIES)) {
    out.push(`UPDATE contents SET allowed_countries = ${sql(countries)} WHERE slug = ${sql(slug)} OR parent_id = (SELECT id FROM contents WHERE slug = ${sql(slug)})`);
  }
  for (const [slug, id] of Object.entries(YOUTUBE_IDS)) out.push(`UPDATE contents SET youtube_id = ${sql(id)} WHERE slug = ${sql(slug)}`);
  return out;
}
