import { env } from 'cloudflare:workers';
import { decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { fromBase64url, toBase64url } from '../rules/base64url';
import { encryptPayload, MAX_PLAINTEXT, PushKeyError } from './encrypt';
import { PUSH_OFF_DETAIL, vapidKeys } from './keys';
import { decryptPush, importPrivate, newSubscriber, newVapidKeys } from './testing';
import { VAPID_TOKEN_SECONDS, vapidSigner } from './vapid';

// RFC 8291 Appendix A: fixed keys and salt, and the exact message they make.
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

const encode = (text: string) => new TextEncoder().encode(text);

describe('RFC 8291 payload encryption', () => {
  it('makes the RFC 8291 Appendix A message byte for byte', async () => {
    const body = await encryptPayload(
      encode(RFC.plaintext),
      { p256dh: RFC.uaPublic, auth: RFC.auth },
      {
        salt: fromBase64url(RFC.salt) ?? new Uint8Array(),
        serverKeys: { privateKey: await importPrivate(RFC.asPrivate, RFC.asPublic, 'ECDH'), publicKey: fromBase64url(RFC.asPublic) ?? new Uint8Array() },
      },
    );
    expect(toBase64url(body)).toBe(RFC.body);
  });

  it('the test decrypter reads the RFC message with the user agent key', async () => {
    const subscriber = { privateKey: await importPrivate(RFC.uaPrivate, RFC.uaPublic, 'ECDH'), p256dh: RFC.uaPublic, auth: RFC.auth };
    expect(await decryptPush(fromBase64url(RFC.body) ?? new Uint8Array(), subscriber)).toBe(RFC.plaintext);
  });

  it('a message to a fresh subscriber decrypts with its private key; salt and server key change every time', async () => {
    const subscriber = await newSubscriber();
    const text = JSON.stringify({ title: 'Casa Blues', body: 'فيلم جديد — nouveau film', url: '/notifications/1/open' });
    const [a, b] = await Promise.all([encryptPayload(encode(text), subscriber), encryptPayload(encode(text), subscriber)]);
    expect(await decryptPush(a, subscriber)).toBe(text);
    expect(await decryptPush(b, subscriber)).toBe(text);
    // RFC 8188 header: salt(16) | rs = 4096 | idlen = 65 | a P-256 point.
    expect(new DataView(a.buffer).getUint32(16)).toBe(4096);
    expect(a[20]).toBe(65);
    expect(a[21]).toBe(4);
    expect(toBase64url(a.slice(0, 16))).not.toBe(toBase64url(b.slice(0, 16)));
    expect(toBase64url(a.slice(21, 86))).not.toBe(toBase64url(b.slice(21, 86)));
  });

  it('another subscriber cannot read it (the GCM tag fails)', async () => {
    const [mine, theirs] = await Promise.all([newSubscriber(), newSubscriber()]);
    const body = await encryptPayload(encode('secret'), mine);
    await expect(decryptPush(body, { ...theirs, p256dh: mine.p256dh, auth: mine.auth })).rejects.toThrow();
  });

  it('fits the largest plaintext in 4096 bytes and refuses more, and bad keys', async () => {
    const subscriber = await newSubscriber();
    expect((await encryptPayload(new Uint8Array(MAX_PLAINTEXT), subscriber)).length).toBe(4096);
    await expect(encryptPayload(new Uint8Array(MAX_PLAINTEXT + 1), subscriber)).rejects.toThrow(RangeError);
    await expect(encryptPayload(encode('x'), { ...subscriber, auth: 'AAAA' })).rejects.toThrow(PushKeyError);
    await expect(encryptPayload(encode('x'), { ...subscriber, p256dh: subscriber.auth })).rejects.toThrow(PushKeyError);
  });
});

describe('VAPID (RFC 8292)', () => {
  it('signs an ES256 JWT for the endpoint origin that verifies with the public key', async () => {
    const pair = await newVapidKeys();
    const keys = { ...pair, subject: 'mailto:ops@tafrij.ma' };
    const now = Date.now();
    const authorize = vapidSigner(keys, () => now);
    const header = await authorize('https://fcm.googleapis.com/fcm/send/abc:def');
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
    expect(match?.[2]).toBe(keys.publicKey);
    const token = match?.[1] ?? '';
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', typ: 'JWT' });
    // The public key as browsers and push services get it (raw point) verifies the signature.
    const publicKey = await crypto.subtle.importKey('raw', fromBase64url(keys.publicKey) ?? new Uint8Array(), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    const { payload } = await jwtVerify<JWTPayload>(token, publicKey, { audience: 'https://fcm.googleapis.com', algorithms: ['ES256'], currentDate: new Date(now) });
    expect(payload.sub).toBe('mailto:ops@tafrij.ma');
    expect(payload.exp).toBe(Math.floor(now / 1000) + VAPID_TOKEN_SECONDS);
    expect((payload.exp ?? 0) - now / 1000).toBeLessThanOrEqual(24 * 3600);
    // One token per push service origin; another origin gets its own audience.
    expect(await authorize('https://fcm.googleapis.com/fcm/send/other')).toBe(header);
    const mozilla = /t=([^,]+)/.exec(await authorize('https://updates.push.services.mozilla.com/wpush/v2/x'))?.[1] ?? '';
    await expect(jwtVerify(mozilla, publicKey, { audience: 'https://updates.push.services.mozilla.com', currentDate: new Date(now) })).resolves.toBeTruthy();
    // A token signed by another key does not verify.
    const other = await newVapidKeys();
    const forged = /t=([^,]+)/.exec(await vapidSigner({ ...other, subject: keys.subject }, () => now)('https://fcm.googleapis.com/x'))?.[1] ?? '';
    await expect(jwtVerify(forged, publicKey, { currentDate: new Date(now) })).rejects.toThrow();
  });

  it('keys: the secrets, else the development pair with DEV_OUTBOX, else push is off', async () => {
    const pair = await newVapidKeys();
    const prod = { ...env, DEV_OUTBOX: 'false', VAPID_SUBJECT: 'https://tafrij.ma' };
    expect(vapidKeys({ ...prod, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey })).toEqual({ ...pair, subject: 'https://tafrij.ma' });
    expect(vapidKeys(prod)).toBeNull();
    expect(vapidKeys({ ...prod, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: '' })).toBeNull();
    expect(vapidKeys({ ...prod, VAPID_PUBLIC_KEY: 'not-a-key', VAPID_PRIVATE_KEY: pair.privateKey })).toBeNull();
    const dev = vapidKeys({ ...env, DEV_OUTBOX: 'true' });
    expect(fromBase64url(dev?.publicKey ?? '')?.length).toBe(65);
    expect(PUSH_OFF_DETAIL).toContain('VAPID_PUBLIC_KEY');
    // The development pair is a real pair: its token verifies with its public key.
    const devHeader = await vapidSigner(dev ?? { ...pair, subject: '' })('https://web.push.apple.com/abc');
    const publicKey = await crypto.subtle.importKey('raw', fromBase64url(dev?.publicKey ?? '') ?? new Uint8Array(), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
    await expect(jwtVerify(/t=([^,]+)/.exec(devHeader)?.[1] ?? '', publicKey, { audience: 'https://web.push.apple.com' })).resolves.toBeTruthy();
  });
});
