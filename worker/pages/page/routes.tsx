import { Hono } from 'hono';
import { StaticPage, STATIC_PAGES, isStaticSlug, type StaticSlug } from '../../../client/pages/StaticPage';
import { WebviewPage } from '../../../client/pages/partners/WebviewPage';
import type { AppEnv } from '../../env';
import { webviewOrigins, webviewTarget } from '../../rules/partners';
import { gridView, loadGrid } from '../category/grid';
import { notFoundOrNotAvailable } from '../kit/errors';
import { defineEndpoint, definePage, type Ctx } from '../kit/page';
import { loadWebview } from '../partners/data';

/**
 * `/page/{slug}` (spec §2): the static pages (about, terms, …); a menu item of type webview embeds
 * its partner page; any other slug is a grid (a category). The help centre (/page/help-center…,
 * worker/pages/help) is mounted before this area: `help` comes before `page`.
 */

/** A webview menu item: the partner page in a sandboxed iframe, or the refusal when its origin is not in WEBVIEW_ORIGINS; null when the slug is no webview. */
async function webviewOf(c: Ctx, slug: string) {
  const webview = await loadWebview(c, slug);
  if (!webview) return null;
  const target = webviewTarget(webview.url, webviewOrigins(c.env.WEBVIEW_ORIGINS));
  if (!target.embed) console.warn(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), msg: 'webview refused', slug, origin: target.origin }));
  return { name: webview.name, target };
}

type Found =
  | { kind: 'static'; slug: StaticSlug }
  | { kind: 'webview'; webview: NonNullable<Awaited<ReturnType<typeof webviewOf>>> }
  | { kind: 'grid'; grid: Awaited<ReturnType<typeof loadGrid>> };

const page = definePage({
  path: '/page/:slug',
  who: 'anyone',
  indexed: true,
  refused: notFoundOrNotAvailable,
  async load({ c }): Promise<Found> {
    const slug = c.req.param('slug') ?? '';
    if (isStaticSlug(slug)) return { kind: 'static', slug };
    const webview = await webviewOf(c, slug);
    if (webview) return { kind: 'webview', webview };
    return { kind: 'grid', grid: await loadGrid(c, slug) };
  },
  view: (found, { c, t }) => {
    if (found.kind === 'static') {
      const { slug } = found;
      return { element: <StaticPage slug={slug} />, meta: { title: t(STATIC_PAGES[slug].title), description: t(`${slug.replace(/-/g, '_').toUpperCase()}_INTRO`) } };
    }
    if (found.kind === 'webview') return { element: <WebviewPage name={found.webview.name} target={found.webview.target} />, meta: { title: found.webview.name } };
    return gridView(c, found.grid);
  },
});

const home = defineEndpoint({ method: 'GET', path: '/page', who: 'anyone', answer: ({ c }) => c.redirect('/') });

export const pages = new Hono<AppEnv>().route('/', home).route('/', page);
