import type { CSSProperties } from 'react';
import type { MenuItem } from '../../worker/api/pages/schemas';

/**
 * The view timeline of the desktop bar's entry `index` (client/styles.css, "The desktop menu"):
 * the entry names it, its copy in More reads it.
 */
export const navTimeline = (index: number): CSSProperties => ({ ['--timeline' as string]: `--nav-${index}` });

/** The timelines of `count` entries, visible to the whole menu (the entries and More's copies). */
export const navTimelineScope = (count: number): CSSProperties => ({
  ['--timelines' as string]: Array.from({ length: count }, (_, i) => `--nav-${i}`).join(', ') || 'none',
});

/** Spec §2 Menus: grid or webview → /page/{slug}; video or playlist → /content/{slug}; other → /{type}/{slug}. */
export function menuHref(item: Pick<MenuItem, 'slug' | 'type'>): string {
  const slug = encodeURIComponent(item.slug);
  switch (item.type) {
    case 'grid':
    case 'webview':
      return `/page/${slug}`;
    case 'video':
    case 'playlist':
      return `/content/${slug}`;
    // Live TV (issue 16): the channels page; the festival hub and the public libraries: their pages.
    case 'tv':
      return '/tv';
    case 'events':
      return '/events';
    case 'libraries':
      return '/libraries';
    default:
      return `/${encodeURIComponent(item.type)}/${slug}`;
  }
}

/** Footer's fixed category slugs (spec §2 Footer). */
export const FOOTER_CATEGORIES = ['series', 'films', 'documentaries', 'theatre'] as const;

/** The kids category, the one catalogue link of a kids profile's top bar (spec §6). */
export const KIDS_CATEGORY = 'kids';

/** The profile chooser (spec §2 /whoswatching). */
export const WHOS_WATCHING_PATH = '/whoswatching';
