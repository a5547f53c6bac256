import type { Handler } from 'hono';
import type { AppEnv } from '../../env';

/** Files of /.well-known/ served from a wrangler var holding their JSON text (empty = not configured). */
export const WELL_KNOWN_FILES = {
  'apple-app-site-association': 'APPLE_APP_SITE_ASSOCIATION',
  'assetlinks.json': 'ASSET_LINKS',
} as const satisfies Record<string, keyof Env>;

export type WellKnownFile = keyof typeof WELL_KNOWN_FILES;

export type WellKnownOptions = {
  /** Which file this route serves. */
  file: WellKnownFile;
};

const notFound = (file: string) => Response.json({ status: 404, message: `E_ROUTE_NOT_FOUND: /.well-known/${file}` }, { status: 404 });

/**
 * GET /.well-known/apple-app-site-association and /.well-known/assetlinks.json (spec §2): the
 * configured JSON as application/json (no redirect, as iOS and Android require); 404 when the
 * var is empty, and 404 plus a logged error when it is not valid JSON.
 */
export function wellKnown(options: WellKnownOptions): Handler<AppEnv> {
  const { file } = options;
  const variable = WELL_KNOWN_FILES[file];
  if (!variable) throw new Error(`wellKnown: unknown file ${JSON.stringify(file)}`);
  return function wellKnown(c) {
    const text = (c.env[variable] ?? '').trim();
    if (!text) return notFound(file);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), msg: `${variable} is not valid JSON`, error: String(error) }));
      return notFound(file);
    }
    return c.body(JSON.stringify(value), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    });
  };
}
