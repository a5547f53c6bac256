import { fromBase64urlLoose } from '../rules/base64url';
import { concatBytes } from '../rules/bytes';

/**
 * Message encryption for web push, RFC 8291 with the `aes128gcm` content coding of RFC 8188,
 * in WebCrypto only (workerd has no Node crypto here):
 *
 *   ecdh_secret = ECDH(as_private, ua_public)            as_* = a fresh key pair per message
 *   IKM   = HKDF(salt = auth_secret, ecdh_secret, "WebPush: info" 0x00 ua_public as_public, 32)
 *   CEK   = HKDF(salt, IKM, "Content-Encoding: aes128gcm" 0x00, 16)
 *   NONCE = HKDF(salt, IKM, "Content-Encoding: nonce" 0x00, 12)
 *   body  = salt(16) | rs(uint32) | idlen(1) = 65 | as_public(65) | AES-128-GCM(CEK, NONCE, plaintext | 0x02)
 *
 * One record: push services accept 4096 bytes of body, so the plaintext is limited to MAX_PLAINTEXT.
 */
export type SubscriptionKeys = { p256dh: string; auth: string };

export const RECORD_SIZE = 4096;
const HEADER_BYTES = 16 + 4 + 1 + 65;
const TAG_BYTES = 16;
/** The largest plaintext of one push message: 4096 − header − tag − the last-record delimiter. */
export const MAX_PLAINTEXT = RECORD_SIZE - HEADER_BYTES - TAG_BYTES - 1;

const text = (value: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(value);


/** HKDF-SHA-256 (extract then expand) of `length` bytes. */
async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, length: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, length * 8));
}

/** The content encryption key and nonce of RFC 8291 §3.3–3.4 (both sides derive the same). */
async function contentKeys(
  ecdhSecret: Uint8Array<ArrayBuffer>,
  authSecret: Uint8Array<ArrayBuffer>,
  uaPublic: Uint8Array,
  asPublic: Uint8Array,
  salt: Uint8Array<ArrayBuffer>,
): Promise<{ cek: Uint8Array<ArrayBuffer>; nonce: Uint8Array<ArrayBuffer> }> {
  const ikm = await hkdf(authSecret, ecdhSecret, concatBytes(text('WebPush: info\0'), uaPublic, asPublic), 32);
  const [cek, nonce] = await Promise.all([hkdf(salt, ikm, text('Content-Encoding: aes128gcm\0'), 16), hkdf(salt, ikm, text('Content-Encoding: nonce\0'), 12)]);
  return { cek, nonce };
}

export class PushKeyError extends Error {}

/** The subscription's keys as bytes: a 65-byte uncompressed P-256 point and a 16-byte secret. */
export function subscriptionKeyBytes(keys: SubscriptionKeys): { uaPublic: Uint8Array<ArrayBuffer>; authSecret: Uint8Array<ArrayBuffer> } {
  const uaPublic = fromBase64urlLoose(keys.p256dh);
  const authSecret = fromBase64urlLoose(keys.auth);
  if (!uaPublic || uaPublic.length !== 65 || uaPublic[0] !== 4) throw new PushKeyError('p256dh must be an uncompressed P-256 public key');
  if (!authSecret || authSecret.length !== 16) throw new PushKeyError('auth must be 16 bytes');
  return { uaPublic, authSecret };
}

/**
 * Encrypts one push message for a subscription. `fixed` pins the salt and the application
 * server's key pair, for the RFC's test vector only; otherwise both are fresh for every message.
 */
export async function encryptPayload(
  plaintext: Uint8Array,
  keys: SubscriptionKeys,
  fixed?: { salt: Uint8Array<ArrayBuffer>; serverKeys: { privateKey: CryptoKey; publicKey: Uint8Array } },
): Promise<Uint8Array<ArrayBuffer>> {
  if (plaintext.length > MAX_PLAINTEXT) throw new RangeError(`push payload over ${MAX_PLAINTEXT} bytes`);
  const { uaPublic, authSecret } = subscriptionKeyBytes(keys);
  const curve = { name: 'ECDH', namedCurve: 'P-256' } as const;
  const uaKey = await crypto.subtle.importKey('raw', uaPublic, curve, false, []);
  let asPrivate: CryptoKey;
  let asPublic: Uint8Array;
  if (fixed) {
    asPrivate = fixed.serverKeys.privateKey;
    asPublic = fixed.serverKeys.publicKey;
  } else {
    const pair = (await crypto.subtle.generateKey(curve, true, ['deriveBits'])) as CryptoKeyPair;
    asPrivate = pair.privateKey;
    asPublic = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  }
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: uaKey }, asPrivate, 256));
  const salt = fixed?.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const { cek, nonce } = await contentKeys(ecdhSecret, authSecret, uaPublic, asPublic, salt);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  // The only (so the last) record: the plaintext, then the delimiter 0x02 and no padding.
  const record = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, key, concatBytes(plaintext, new Uint8Array([2]))));
  const header = new Uint8Array(HEADER_BYTES);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  header.set(asPublic, 21);
  return concatBytes(header, record);
}
