import { expect } from 'vitest';
import { fromBase64url, toBase64url } from '../rules/base64url';

/**
 * Test helpers for web push: a browser's side of RFC 8291, written from the RFC apart from
 * worker/push/encrypt.ts, so a test reads what the worker sent the way a browser would.
 */
export type Subscriber = { privateKey: CryptoKey; p256dh: string; auth: string };

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

/** A subscriber's key pair and auth secret, as a browser makes them for PushManager.subscribe(). */
export async function newSubscriber(): Promise<Subscriber> {
  const pair = (await crypto.subtle.generateKey(ECDH, true, ['deriveBits'])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return { privateKey: pair.privateKey, p256dh: toBase64url(raw), auth: toBase64url(crypto.getRandomValues(new Uint8Array(16))) };
}

/** A private P-256 key from its scalar and public point (both base64url), for `usage`. */
export function importPrivate(d: string, publicPoint: string, algorithm: 'ECDH' | 'ECDSA'): Promise<CryptoKey> {
  const point = fromBase64url(publicPoint) ?? new Uint8Array();
  const jwk: JsonWebKey = { kty: 'EC', crv: 'P-256', d, x: toBase64url(point.slice(1, 33)), y: toBase64url(point.slice(33)) };
  return crypto.subtle.importKey('jwk', jwk, { name: algorithm, namedCurve: 'P-256' }, false, algorithm === 'ECDH' ? ['deriveBits'] : ['sign']);
}

async function hkdf(salt: BufferSource, ikm: BufferSource, info: string | Uint8Array, bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  const infoBytes = typeof info === 'string' ? new TextEncoder().encode(info) : info;
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info: infoBytes as BufferSource }, key, bytes * 8));
}

/** Decrypts an `aes128gcm` push message body (RFC 8188 header, RFC 8291 keys) with the subscriber's keys. */
export async function decryptPush(body: Uint8Array, subscriber: Subscriber): Promise<string> {
  const bytes = new Uint8Array(body);
  const salt = bytes.slice(0, 16);
  const rs = new DataView(bytes.buffer).getUint32(16);
  const idlen = bytes[20] ?? 0;
  const asPublic = bytes.slice(21, 21 + idlen);
  const record = bytes.slice(21 + idlen);
  expect(idlen).toBe(65);
  expect(record.length).toBeLessThanOrEqual(rs);
  const uaPublic = fromBase64url(subscriber.p256dh) ?? new Uint8Array();
  const asKey = await crypto.subtle.importKey('raw', asPublic, ECDH, false, []);
  const ecdhSecret = await crypto.subtle.deriveBits({ name: 'ECDH', public: asKey }, subscriber.privateKey, 256);
  const keyInfo = new Uint8Array([...new TextEncoder().encode('WebPush: info\0'), ...uaPublic, ...asPublic]);
  const ikm = await hkdf(fromBase64url(subscriber.auth) ?? new Uint8Array(), ecdhSecret, keyInfo, 32);
  const cek = await hkdf(salt, ikm, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = await hkdf(salt, ikm, 'Content-Encoding: nonce\0', 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, record));
  // Padding: zeros after the delimiter, 0x02 for the last record.
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  expect(plain[end]).toBe(2);
  return new TextDecoder().decode(plain.slice(0, end));
}

/** A fresh VAPID key pair in the secrets' format (base64url public point and private scalar). */
export async function newVapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  return { publicKey: toBase64url(raw), privateKey: jwk.d ?? '' };
}

/** What a fake push service received. */
export type Sent = { endpoint: string; headers: Headers; body: Uint8Array };

/** A fake push service: records each request and answers 201 (or the status given for an endpoint). */
export function pushService(statuses: Record<string, number> = {}) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const endpoint = String(input);
    sent.push({ endpoint, headers: new Headers(init?.headers), body: new Uint8Array(init?.body as ArrayBuffer) });
    return new Response(null, { status: statuses[endpoint] ?? 201 });
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}
