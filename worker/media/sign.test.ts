import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { signWithSecret, verifyWithSecret } from './hmac';
import { MEDIA_URL_TTL_SECONDS, signMedia, signMediaPath, verifyMediaPath } from './sign';

const PREFIX = 'titles/casa-blues/main';
const NOW = 1_800_000_000;

describe('signMediaPath', () => {
  it('signs /media/{exp}.{sig}/{prefix}/{file} for at least the TTL (4 h by default)', async () => {
    const path = await signMediaPath(env, PREFIX, 'master.m3u8');
    const match = /^\/media\/(\d+)\.([A-Za-z0-9_-]{43})\/titles\/casa-blues\/main\/master\.m3u8$/.exec(path);
    expect(match).not.toBeNull();
    const exp = Number(match?.[1]);
    const now = Date.now() / 1000;
    expect(exp).toBeGreaterThanOrEqual(Math.floor(now) + MEDIA_URL_TTL_SECONDS);
    expect(exp).toBeLessThanOrEqual(now + MEDIA_URL_TTL_SECONDS + 300);
    const signed = await signMedia(env, PREFIX, 'poster.jpg', 60);
    expect(signed.expiresAt).toBeLessThanOrEqual(now + 60 + 300);
  });

  it('verifies its own paths and gives the R2 key, prefix and file', async () => {
    const path = await signMediaPath(env, PREFIX, 'v1/seg_003.m4s');
    expect(await verifyMediaPath(env, path)).toMatchObject({ ok: true, prefix: PREFIX, file: 'v1/seg_003.m4s', key: `${PREFIX}/v1/seg_003.m4s` });
  });

  it('keeps the token valid for every file under the prefix (relative URLs in playlists)', async () => {
    const master = await signMediaPath(env, PREFIX, 'master.m3u8');
    const segment = new URL('v0/seg_000.m4s', `https://tafrij.test${master}`).pathname;
    const sprite = new URL('thumbs/sprite-001.jpg', `https://tafrij.test${master}`).pathname;
    expect(await verifyMediaPath(env, segment)).toMatchObject({ ok: true, key: `${PREFIX}/v0/seg_000.m4s` });
    expect(await verifyMediaPath(env, sprite)).toMatchObject({ ok: true, key: `${PREFIX}/thumbs/sprite-001.jpg` });
  });

  it('binds the token to the prefix: another title, a parent or a sibling prefix is refused', async () => {
    const path = await signMediaPath(env, PREFIX, 'master.m3u8');
    const token = path.split('/')[2];
    for (const other of ['titles/district-17/main/master.m3u8', 'titles/casa-blues/trailer/master.m3u8', 'titles/casa-blues/master.m3u8']) {
      expect(await verifyMediaPath(env, `/media/${token}/${other}`)).toEqual({ ok: false, reason: 'forged' });
    }
  });

  it('refuses missing, forged, expired and malformed tokens', async () => {
    const good = await signWithSecret('s3cret', PREFIX, 'master.m3u8', 3600, NOW);
    const [, , token = ''] = good.path.split('/');
    const [exp = '', sig = ''] = token.split('.');
    expect(await verifyWithSecret('s3cret', good.path, NOW)).toMatchObject({ ok: true });
    expect(await verifyWithSecret('s3cret', good.path, good.expiresAt + 1)).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyWithSecret('other', good.path, NOW)).toEqual({ ok: false, reason: 'forged' });
    // Extending the expiry breaks the signature.
    expect(await verifyWithSecret('s3cret', good.path.replace(`${exp}.`, `${Number(exp) + 3600}.`), NOW)).toEqual({ ok: false, reason: 'forged' });
    const flipped = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(await verifyWithSecret('s3cret', good.path.replace(sig, flipped), NOW)).toEqual({ ok: false, reason: 'forged' });
    // Every other last character, including those that decode to the same bytes (unused low bits).
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const ch of alphabet.replace(sig.slice(-1), '')) {
      expect(await verifyWithSecret('s3cret', good.path.replace(sig, `${sig.slice(0, -1)}${ch}`), NOW), ch).toEqual({ ok: false, reason: 'forged' });
    }
    expect(await verifyWithSecret('s3cret', `/media/${PREFIX}/master.m3u8`, NOW)).toEqual({ ok: false, reason: 'missing' });
    expect(await verifyWithSecret('s3cret', '/media/', NOW)).toEqual({ ok: false, reason: 'missing' });
    expect(await verifyWithSecret('s3cret', `/media/${exp}.short/${PREFIX}/master.m3u8`, NOW)).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyWithSecret('s3cret', `/media/${token}/master.m3u8`, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses paths that leave the signed prefix', async () => {
    const good = await signWithSecret('s3cret', PREFIX, 'master.m3u8', 3600, NOW);
    const base = good.path.slice(0, good.path.lastIndexOf('/'));
    for (const file of ['../trailer/master.m3u8', '%2e%2e/x', 'a/%2E/b', 'a//b', 'a%2Fb', 'a%5Cb', '%00', '%E0%A4%A']) {
      expect(await verifyWithSecret('s3cret', `${base}/${file}`, NOW), file).toMatchObject({ ok: false });
    }
  });

  it('refuses to sign unsafe prefixes or files', async () => {
    await expect(signMediaPath(env, 'titles/../x', 'master.m3u8')).rejects.toThrow(/unsafe media prefix/);
    await expect(signMediaPath(env, PREFIX, '../master.m3u8')).rejects.toThrow(/unsafe media file/);
    await expect(signMediaPath(env, PREFIX, '')).rejects.toThrow(/unsafe media file/);
  });

  it('uses MEDIA_SECRET when set, else JWT_SECRET', async () => {
    const withMediaSecret = { ...env, MEDIA_SECRET: 'media-only' };
    const path = await signMediaPath(withMediaSecret, PREFIX, 'master.m3u8');
    expect(await verifyMediaPath(withMediaSecret, path)).toMatchObject({ ok: true });
    expect(await verifyMediaPath(env, path)).toEqual({ ok: false, reason: 'forged' });
    expect(await verifyWithSecret(env.JWT_SECRET, await signMediaPath(env, PREFIX, 'master.m3u8'))).toMatchObject({ ok: true });
  });
});
