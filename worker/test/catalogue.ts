import { env } from 'cloudflare:workers';

/**
 * Test fixtures: every test inserts its own titles (unique ids and slugs; D1 is shared between test
 * files) and sets subscriptions, profiles and countries directly in D1.
 */
let nextId = 7_000_000 + Math.floor(Math.random() * 1_000_000) * 20;

export type TitleOptions = {
  type?: 'video' | 'playlist';
  premium?: boolean;
  countries?: string[];
  /** Minimum age of the title's maturity category (10, 12, 16, 18). */
  rating?: number;
  parent?: number;
  season?: number;
  episode?: number;
  /** Main media duration (seconds); null: no main media. */
  main?: number | null;
  trailer?: boolean;
  youtubeId?: string;
  published?: string;
};

export async function makeTitle(options: TitleOptions = {}): Promise<{ id: number; slug: string; prefix: string }> {
  const id = nextId++;
  const slug = `play-test-${id}`;
  const prefix = `tests/${slug}/main`;
  const { type = 'video', main = 600 } = options;
  const statements = [
    env.DB.prepare(`INSERT INTO contents (id, slug, type, parent_id, season_number, episode_number, original_title, duration, premium,
        publication_date_start, allowed_countries, youtube_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)`).bind(
      id,
      slug,
      type,
      options.parent ?? null,
      options.season ?? null,
      options.episode ?? null,
      `Original ${id}`,
      main,
      options.premium ? 1 : 0,
      options.published ?? '2020-01-01T00:00:00Z',
      JSON.stringify(options.countries ?? []),
      options.youtubeId ?? null,
    ),
    env.DB.prepare(`INSERT INTO content_i18n (content_id, lang, name_long, synopsis) VALUES (?1, 'en', ?2, NULL), (?1, 'fr', ?3, NULL)`).bind(id, `Title ${id}`, `Titre ${id}`),
  ];
  if (type === 'video' && main !== null) {
    statements.push(
      env.DB.prepare(`INSERT INTO media (content_id, kind, r2_prefix, duration, renditions, subtitles, poster, thumbnails, created_at)
          VALUES (?1, 'main', ?2, ?3, '[]', ?4, 'poster.jpg', 'thumbs.vtt', '2026-01-01T00:00:00Z')`).bind(
        id,
        prefix,
        main,
        JSON.stringify([{ lang: 'fr', file: 'subs/fr.vtt' }, { lang: 'ar', file: 'subs/ar.vtt' }]),
      ),
    );
  }
  if (options.trailer) {
    statements.push(
      env.DB.prepare(`INSERT INTO media (content_id, kind, r2_prefix, duration, created_at) VALUES (?1, 'trailer', ?2, 30, '2026-01-01T00:00:00Z')`).bind(id, `tests/${slug}/trailer`),
    );
  }
  if (options.rating !== undefined) {
    statements.push(
      env.DB.prepare(`INSERT INTO content_categories (content_id, category_id, position) SELECT ?1, cat.id, 1 FROM categories cat
          JOIN categories p ON p.id = cat.parent_id WHERE p.slug = 'maturity' AND cat.rating = ?2`).bind(id, options.rating),
    );
  }
  await env.DB.batch(statements);
  return { id, slug, prefix };
}

