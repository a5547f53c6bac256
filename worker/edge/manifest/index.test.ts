import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { requestContext } from '../request-context';
import { manifest, type ManifestIcon } from '.';

type Manifest = {
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
};

/** Files under public/icons, listed at build time (nothing is imported). */
const iconFiles = Object.keys(import.meta.glob('../../../public/icons/*', { query: '?url' })).map((file) => file.replace('../../../public', ''));

describe('GET /manifest.webmanifest', () => {
  const app = new Hono<AppEnv>().use(requestContext()).get('/manifest.webmanifest', manifest());
  const get = async (query = '') => {
    const res = await app.request(`/manifest.webmanifest${query}`, {}, env);
    return { res, body: await res.json<Manifest>() };
  };

  it('is served as application/manifest+json', async () => {
    const { res } = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  });

  it('describes an installable standalone app in the brand colours', async () => {
    const { body } = await get('?lang=en');
    expect(body).toMatchObject({
      name: 'Tafrij',
      short_name: 'Tafrij',
      description: translate('en')('MANIFEST_DESCRIPTION'),
      start_url: '/?source=pwa',
      scope: '/',
      display: 'standalone',
      theme_color: '#ff0031',
      background_color: '#0b0b0f',
    });
  });

  it('lists PNG icons from 48 to 512 pixels, the SVG and a maskable icon', async () => {
    const { body } = await get();
    const png = body.icons.filter((icon) => icon.type === 'image/png' && icon.purpose === 'any').map((icon) => icon.sizes);
    expect(png).toEqual(['48x48', '72x72', '96x96', '144x144', '192x192', '512x512']);
    expect(body.icons).toContainEqual({ src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' });
    expect(body.icons).toContainEqual({ src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' });
  });

  it('lists only icons that exist in public/icons', async () => {
    const { body } = await get();
    for (const icon of body.icons) expect(iconFiles).toContain(icon.src);
  });

  it('follows the request language, right to left for Arabic', async () => {
    const ar = (await get('?lang=ar')).body;
    expect(ar).toMatchObject({ lang: 'ar', dir: 'rtl', description: translate('ar')('MANIFEST_DESCRIPTION') });
    const fr = (await get('?lang=fr')).body;
    expect(fr).toMatchObject({ lang: 'fr', dir: 'ltr', description: translate('fr')('MANIFEST_DESCRIPTION') });
  });
});
