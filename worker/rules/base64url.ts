import { decode, encode } from 'jose/base64url';

/**
 * base64url without padding (RFC 4648 §5): refresh tokens, sealed PINs, media URL signatures,
 * e-ticket tokens, web push and VAPID keys. jose's codec (the one that writes the JWTs), shared by
 * the server and the browser (the door scanner, the push subscription).
 */
export const toBase64url = (bytes: Uint8Array): string => encode(bytes);

/** The bytes of a base64url text without padding, or null when it is not one (one text per value: tokens and signatures). */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  try {
    return new Uint8Array(decode(text));
  } catch {
    return null;
  }
}

/** The same, forgiving padding and plain base64's `+` and `/`, as other software may write keys (web push subscriptions, VAPID keys). */
export const fromBase64urlLoose = (text: string): Uint8Array<ArrayBuffer> | null =>
  /^[A-Za-z0-9_+/-]*={0,2}$/.test(text) ? fromBase64url(text.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')) : null;
