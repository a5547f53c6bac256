import { describe, expect, it } from 'vitest';
import { prefetchForPlay, type IntentDeps, type PlayIntent } from './intent';

const MODULES = ['/assets/engine-1.js', '/assets/data-usage-2.js', '/assets/hls-3.js'];
const FILES = ['/media/1.sig/titles/a/main/master.m3u8', '/media/1.sig/titles/a/main/240p/index.m3u8', '/media/1.sig/titles/a/main/240p/init.mp4'];
const intent: PlayIntent = { slug: 'casa-blues', modules: MODULES, profileId: 0, deviceId: 'device-1' };

/** The API's answer to first_frame (or a failure), and what was fetched and prefetched. */
function deps(answer: { status: number; body: unknown } | 'offline', hints: IntentDeps['hints'] = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const prefetched: string[] = [];
  const fetch: IntentDeps['fetch'] = async (url, init) => {
    calls.push({ url, init });
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, prefetched, deps: { hints, fetch, prefetch: (url: string) => void prefetched.push(url) } };
}

describe('prefetchForPlay', () => {
  it('prefetches the player’s modules at once, then the stream’s first files the API signed', async () => {
    const { calls, prefetched, deps: d } = deps({ status: 200, body: { files: FILES } }, { effectiveType: '4g' });
    expect(await prefetchForPlay(intent, d)).toEqual([...MODULES, ...FILES]);
    expect(prefetched).toEqual([...MODULES, ...FILES]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/pages/content/casa-blues/first_frame');
    expect(calls[0]?.init.headers).toEqual({ 'X-Device-Id': 'device-1' });
  });

  it('asks for the member’s profile, and stops at the modules when that profile saves data', async () => {
    const { calls, prefetched, deps: d } = deps({ status: 200, body: { files: FILES, dataUsage: 'saver' } });
    expect(await prefetchForPlay({ ...intent, profileId: 7 }, d)).toEqual(MODULES);
    expect(calls[0]?.url).toBe('/api/pages/content/casa-blues/first_frame?profileId=7');
    expect(prefetched).toEqual(MODULES);
  });

  it('fetches nothing at all with Save-Data or on a slow connection', async () => {
    for (const hints of [{ saveData: true }, { effectiveType: '3g' }, { effectiveType: '2g' }]) {
      const { calls, prefetched, deps: d } = deps({ status: 200, body: { files: FILES } }, hints);
      expect(await prefetchForPlay(intent, d)).toEqual([]);
      expect(calls).toEqual([]);
      expect(prefetched).toEqual([]);
    }
  });

  it('keeps to the modules when the title is refused, the answer is not one, or the network fails; never a URL outside /media', async () => {
    for (const answer of [{ status: 403, body: { status: 403, message: 'PREMIUM_REQUIRED: …' } }, { status: 200, body: { nothing: true } }, 'offline' as const]) {
      const { prefetched, deps: d } = deps(answer);
      expect(await prefetchForPlay(intent, d)).toEqual(MODULES);
      expect(prefetched).toEqual(MODULES);
    }
    const { prefetched, deps: d } = deps({ status: 200, body: { files: ['https://elsewhere.example/x.m3u8', FILES[0], 3] } });
    await prefetchForPlay(intent, d);
    expect(prefetched).toEqual([...MODULES, FILES[0]]);
  });
});
