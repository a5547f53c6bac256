import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchSite } from '../test/site';
import { parseRange } from '.';
import { signWithSecret } from './hmac';
import { signMediaPath } from './sign';

const PREFIX = `test/${crypto.randomUUID()}/main`;
const SEGMENT = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
const PLAYLIST = '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=100000,RESOLUTION=426x240\nv0/index.m3u8\n';
const site = (path: string, init: RequestInit = {}): Promise<Response> => fetchSite(`https://tafrij.test${path}`, init);

beforeAll(async () => {
  await env.MEDIA.put(`${PREFIX}/master.m3u8`, PLAYLIST);
  await env.MEDIA.put(`${PREFIX}/v0/seg_000.m4s`, SEGMENT);
  await env.MEDIA.put(`${PREFIX}/subs/fr.vtt`, 'WEBVTT\n\n00:00.000 --> 00:02.000\nBonjour\n');
  await env.MEDIA.put(`${PREFIX}/poster.jpg`, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
  await env.MEDIA.put(`test/other/main/master.m3u8`, PLAYLIST);
});

describe('GET /media/*', () => {
  it('serves a signed playlist with its content type, a short cache and an ETag', async () => {
    const res = await site(await signMediaPath(env, PREFIX, 'master.m3u8'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/);
    expect(res.headers.get('content-length')).toBe(String(PLAYLIST.length));
    expect(new TextDecoder().decode(await res.arrayBuffer())).toBe(PLAYLIST);
  });

  it('serves segments, subtitles and images as immutable, with their content types', async () => {
    const master = await signMediaPath(env, PREFIX, 'master.m3u8');
    const cases: [string, string][] = [
      ['v0/seg_000.m4s', 'video/mp4'],
      ['subs/fr.vtt', 'text/vtt; charset=utf-8'],
      ['poster.jpg', 'image/jpeg'],
    ];
    for (const [file, type] of cases) {
      // Relative to the master playlist, as a player resolves them.
      const res = await site(new URL(file, `https://tafrij.test${master}`).pathname);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      await res.arrayBuffer();
    }
  });

  it('answers ranges with 206 and Content-Range, and 416 when unsatisfiable', async () => {
    const path = await signMediaPath(env, PREFIX, 'v0/seg_000.m4s');
    const first = await site(path, { headers: { Range: 'bytes=0-99' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe('bytes 0-99/1000');
    expect(first.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(SEGMENT.slice(0, 100));

    const open = await site(path, { headers: { Range: 'bytes=990-' } });
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(SEGMENT.slice(990));

    const suffix = await site(path, { headers: { Range: 'bytes=-5' } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe('bytes 995-999/1000');
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(SEGMENT.slice(995));

    const clamped = await site(path, { headers: { Range: 'bytes=900-5000' } });
    expect(clamped.status).toBe(206);
    expect(clamped.headers.get('content-range')).toBe('bytes 900-999/1000');
    await clamped.arrayBuffer();

    const beyond = await site(path, { headers: { Range: 'bytes=1000-1001' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */1000');
    await beyond.arrayBuffer();
  });

  it('answers HEAD without a body and If-None-Match with 304', async () => {
    const path = await signMediaPath(env, PREFIX, 'v0/seg_000.m4s');
    const head = await site(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
    expect(head.headers.get('content-type')).toBe('video/mp4');
    const etag = head.headers.get('etag') ?? '';
    const cached = await site(path, { headers: { 'If-None-Match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(etag);
    const stale = await site(path, { headers: { 'If-None-Match': '"0000"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it('refuses a segment without a signature, with a forged or expired one, or another title’s token (403)', async () => {
    const good = await signMediaPath(env, PREFIX, 'v0/seg_000.m4s');
    const token = good.split('/')[2] ?? '';
    const [exp = '', sig = ''] = token.split('.');
    const forgedSig = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    const expired = (await signWithSecret(env.JWT_SECRET, PREFIX, 'v0/seg_000.m4s', 60, Date.now() / 1000 - 7200)).path;
    const refused = [
      `/media/${PREFIX}/v0/seg_000.m4s`,
      `/media/${exp}.${forgedSig}/${PREFIX}/v0/seg_000.m4s`,
      `/media/${Number(exp) + 86400}.${sig}/${PREFIX}/v0/seg_000.m4s`,
      expired,
      `/media/${token}/test/other/main/master.m3u8`,
      `/media/${token}/${PREFIX}/..%2f..%2fother/main/master.m3u8`,
      `/media/${token}/${PREFIX}/%2e%2e/%2e%2e/other/main/master.m3u8`,
    ];
    for (const path of refused) {
      const res = await site(path);
      expect(res.status, path).toBe(403);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(((await res.json()) as { message: string }).message).toMatch(/^FORBIDDEN: /);
    }
    const head = await site(`/media/${exp}.${forgedSig}/${PREFIX}/v0/seg_000.m4s`, { method: 'HEAD' });
    expect(head.status).toBe(403);
  });

  it('answers 404 for a signed path with no file', async () => {
    const res = await site(await signMediaPath(env, PREFIX, 'v9/seg_000.m4s'));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toMatch(/^MEDIA_NOT_FOUND/);
  });

  it('answers 404 (not 500) for a validly signed file name over 1,024 bytes, GET, HEAD and ranges alike', async () => {
    for (const name of [`${'a'.repeat(1100)}.m4s`, `v0/${'ش'.repeat(520)}.m4s`]) {
      const path = await signMediaPath(env, PREFIX, name);
      for (const init of [{}, { method: 'HEAD' }, { headers: { Range: 'bytes=0-9' } }]) {
        const res = await site(path, init);
        expect(res.status, JSON.stringify(init)).toBe(404);
        if (init.method !== 'HEAD') expect(((await res.json()) as { message: string }).message).toMatch(/^MEDIA_NOT_FOUND/);
      }
    }
  });
});

describe('parseRange', () => {
  it('follows RFC 9110 for one range and ignores what it does not support', () => {
    expect(parseRange(null, 10)).toBeNull();
    expect(parseRange('bytes=0-0', 10)).toEqual({ offset: 0, length: 1 });
    expect(parseRange('bytes=2-', 10)).toEqual({ offset: 2, length: 8 });
    expect(parseRange('bytes=-20', 10)).toEqual({ offset: 0, length: 10 });
    expect(parseRange('bytes=5-2', 10)).toBeNull();
    expect(parseRange('bytes=0-1,4-5', 10)).toBeNull();
    expect(parseRange('items=0-1', 10)).toBeNull();
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
  });
});
