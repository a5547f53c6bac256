import type { Handler } from 'hono';
import { dirOf } from '../../rules/lang';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';

/** Brand colour (spec §9) and the dark page background. */
export const THEME_COLOR = '#ff0031';
export const BACKGROUND_COLOR = '#0b0b0f';

/** PNG sizes rendered from public/icons/icon.svg by scripts/icons.ts. */
export const ICON_SIZES = [48, 72, 96, 144, 192, 512] as const;

export type ManifestIcon = { src: string; sizes: string; type: string; purpose: 'any' | 'maskable' };

export type ManifestOptions = {
  name?: string;
  shortName?: string;
  icons?: ManifestIcon[];
};

export const defaultIcons: ManifestIcon[] = [
  ...ICON_SIZES.map((size): ManifestIcon => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
  { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/**
 * GET /manifest.webmanifest (spec §2): the installable PWA's web app manifest in the request's
 * language (the document links it with ?lang=), served as application/manifest+json.
 */
export function manifest(options: ManifestOptions = {}): Handler<AppEnv> {
  const name = options.name ?? 'Tafrij';
  const shortName = options.shortName ?? name;
  const icons = options.icons ?? defaultIcons;
  if (!name || !shortName) throw new Error('manifest: name and shortName must not be empty');
  return function manifest(c) {
    const lang = c.get('lang');
    const body = {
      id: '/',
      name,
      short_name: shortName,
      description: translate(lang)('MANIFEST_DESCRIPTION'),
      lang,
      dir: dirOf(lang),
      start_url: '/?source=pwa',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      categories: ['entertainment'],
      icons,
    };
    return c.body(JSON.stringify(body), 200, {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
      Vary: 'Cookie',
    });
  };
}
