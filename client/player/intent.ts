import { DEVICE_ID_HEADER } from '../../worker/rules/api-client';
import { dataUsageOf, mayPrefetch, type ConnectionHints } from '../../worker/rules/data-usage';
import { deviceId, profileId } from '../device';
import { connectionHints } from './data-cap';

/*
 * The intent to play (issue 34, instant start): a pointer over, the focus on or a touch of a Play
 * link fetches, ahead of the click, what the player fetches first: its code (the engine's modules
 * and hls.js) and the stream's first files (master playlist, the lightest rendition's and the
 * audio's playlists and init segments, signed by GET /pages/content/{slug}/first_frame, which takes
 * no stream slot). They go to the browser's cache as `<link rel="prefetch">`, which the browser lets
 * finish after the page is left and gives to the next page without asking again (for 5 minutes), so
 * the player's page finds them there. Small files and code the person would fetch to play anyway; no
 * media segment, and nothing at all with Data saver, Save-Data or a slow connection (spec §4).
 * Loaded by client/entry.ts on the first such event over a `[data-play-intent]` link.
 */

/** The Play link's attributes (client/pages/Content.tsx): the title to play, and the player's modules (space-separated URLs). */
export const PLAY_INTENT_ATTRIBUTES = { slug: 'data-play-intent', modules: 'data-play-modules' } as const;

export type PlayIntent = { slug: string; modules: string[]; profileId: number; deviceId: string };

export type IntentDeps = {
  hints: ConnectionHints;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Fetches a URL into the browser's cache for the next page. */
  prefetch: (url: string) => void;
};

/** The signed files of a first_frame answer, when it is one (zod stays on the server), with the profile's data usage. */
function firstFrameOf(value: unknown): { files: string[]; dataUsage: unknown } | null {
  if (!value || typeof value !== 'object' || !('files' in value) || !Array.isArray(value.files)) return null;
  const files = value.files.filter((file): file is string => typeof file === 'string' && file.startsWith('/media/'));
  return { files, dataUsage: 'dataUsage' in value ? value.dataUsage : undefined };
}

/**
 * Prefetches what playing `intent.slug` needs first; resolves to the URLs asked for. The modules
 * go at once (the page renders the intent only for a profile that does not save data); the
 * stream's files once the API has signed them, unless the profile saves data after all.
 */
export async function prefetchForPlay(intent: PlayIntent, { hints, fetch, prefetch }: IntentDeps): Promise<string[]> {
  if (!mayPrefetch('auto', hints)) return [];
  const asked = [...intent.modules];
  for (const url of intent.modules) prefetch(url);
  const query = intent.profileId > 0 ? `?profileId=${intent.profileId}` : '';
  const headers: Record<string, string> = intent.deviceId ? { [DEVICE_ID_HEADER]: intent.deviceId } : {};
  const answer = await fetch(`/api/pages/content/${encodeURIComponent(intent.slug)}/first_frame${query}`, { credentials: 'same-origin', headers })
    .then((res) => (res.ok ? res.json() : null))
    .catch(() => null);
  const firstFrame = firstFrameOf(answer);
  if (!firstFrame || !mayPrefetch(dataUsageOf(firstFrame.dataUsage), hints)) return asked;
  for (const url of firstFrame.files) prefetch(url);
  return [...asked, ...firstFrame.files];
}

const prefetched = new Set<string>();

/** `<link rel="prefetch">` of `url`, once per page. */
function prefetchLink(url: string): void {
  if (prefetched.has(url)) return;
  prefetched.add(url);
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = url;
  document.head.appendChild(link);
}

const intended = new Set<string>();

/** The intent shown on a Play link: its title's first files and the player's code, once per title and page. */
export function onPlayIntent(link: Element): void {
  const slug = link.getAttribute(PLAY_INTENT_ATTRIBUTES.slug);
  if (!slug || intended.has(slug)) return;
  intended.add(slug);
  const modules = (link.getAttribute(PLAY_INTENT_ATTRIBUTES.modules) ?? '').split(' ').filter((url) => url.startsWith('/'));
  void prefetchForPlay({ slug, modules, profileId: profileId(), deviceId: deviceId() }, { hints: connectionHints(), fetch: (url, init) => window.fetch(url, init), prefetch: prefetchLink });
}
