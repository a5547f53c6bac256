import type { Bindings } from '../env';
import { fromBase64urlLoose, toBase64url } from '../rules/base64url';

/**
 * The VAPID identity of this deployment (RFC 8292): secrets VAPID_PUBLIC_KEY (the uncompressed
 * P-256 point, 65 bytes, base64url: what browsers take as `applicationServerKey`) and
 * VAPID_PRIVATE_KEY (the 32-byte private scalar, base64url), the same format as
 * `node scripts/push/vapid-keys.ts` or `npx web-push generate-vapid-keys` print, and the var
 * VAPID_SUBJECT (`mailto:` or `https:` contact of the operator, sent to push services).
 */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * Development only (DEV_OUTBOX=true, like the development JWT secret): a fixed, published key pair,
 * so `npm start` and the browser tests push with no manual step. Never used in production.
 */
const DEV_KEYS: VapidKeys = {
  publicKey: 'BCWvQJb8shm3_Rs3RcYCNAmDhWkszO82iHgi6gyuiqEv-8Nrk3J2LWHUjl6X-vhUSp25_NW8GmwBEQlmMC5WraE',
  privateKey: 'O6X6f16RQu17wAZ52MHSz4VNh9hfRe9Dli-pGfI6Q1w',
  subject: 'mailto:dev@tafrij.invalid',
};

/** Why push is off, the detail of the 503 PUSH_DISABLED answer. */
export const PUSH_OFF_DETAIL = 'web push is not configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT)';

const validPair = (publicKey: string, privateKey: string): boolean =>
  fromBase64urlLoose(publicKey)?.length === 65 && fromBase64urlLoose(publicKey)?.[0] === 4 && fromBase64urlLoose(privateKey)?.length === 32;

/**
 * The configured keys, else the development pair when DEV_OUTBOX is on, else null: push is off
 * (tokenRegister answers 503, deliveries send nothing). Malformed keys count as missing.
 */
export function vapidKeys(env: Bindings): VapidKeys | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? '';
  const dev = env.DEV_OUTBOX === 'true';
  const subject = env.VAPID_SUBJECT?.trim() || (dev ? DEV_KEYS.subject : '');
  if (publicKey && privateKey && subject && validPair(publicKey, privateKey)) return { publicKey, privateKey, subject };
  return dev ? DEV_KEYS : null;
}

/** The ES256 signing key of a VAPID pair (WebCrypto; the JWK carries the public point's x and y). */
export function signingKey(keys: Pick<VapidKeys, 'publicKey' | 'privateKey'>): Promise<CryptoKey> {
  const point = fromBase64urlLoose(keys.publicKey) ?? new Uint8Array();
  const jwk: JsonWebKey = { kty: 'EC', crv: 'P-256', x: toBase64url(point.slice(1, 33)), y: toBase64url(point.slice(33, 65)), d: keys.privateKey, ext: false };
  return crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
}
