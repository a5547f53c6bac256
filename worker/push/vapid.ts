import { SignJWT } from 'jose';
import { signingKey, type VapidKeys } from './keys';

/** Lifetime of a VAPID token: RFC 8292 §2 allows at most 24 hours; 12 keeps clear of clock skew. */
export const VAPID_TOKEN_SECONDS = 12 * 3600;

/**
 * RFC 8292 VAPID: `Authorization: vapid t=<ES256 JWT>, k=<public key>`, the JWT's `aud` being the
 * origin of the push service's endpoint, `exp` within 24 hours and `sub` the operator's contact.
 * A signer keeps one token per push service origin, so a delivery run signs once per service.
 */
export function vapidSigner(keys: VapidKeys, now: () => number = Date.now): (endpoint: string) => Promise<string> {
  const key = signingKey(keys);
  const tokens = new Map<string, Promise<string>>();
  return (endpoint) => {
    const audience = new URL(endpoint).origin;
    let token = tokens.get(audience);
    if (!token) {
      token = key.then((k) =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
          .setAudience(audience)
          .setExpirationTime(Math.floor(now() / 1000) + VAPID_TOKEN_SECONDS)
          .setSubject(keys.subject)
          .sign(k),
      );
      tokens.set(audience, token);
    }
    return token.then((t) => `vapid t=${t}, k=${keys.publicKey}`);
  };
}
