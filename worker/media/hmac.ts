import { fromBase64url, toBase64url } from '../rules/base64url';

/**
 * The signed media URL format, without any binding or secret lookup:
 *
 *   /media/{exp}.{sig}/{r2_prefix}/{file}
 *
 * exp = unix seconds; sig = base64url(HMAC-SHA256(secret, `${exp}:${r2_prefix}`)). The signature is
 * bound to the title's prefix, not to the file, so the relative URLs inside a playlist (renditions,
 * segments, subtitles, sprite images) keep the token.
 */
export const MEDIA_ROUTE = '/media/';

/** Expiry is rounded up to this step so that URLs signed close together are equal (browser cache). */
const EXPIRY_STEP_SECONDS = 300;

const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

/** A path segment that may appear in a prefix or a file name (no traversal, no separators, no control characters). */
const SAFE_SEGMENT = /^(?!\.{1,2}$)[^/\\\u0000-\u001f\u007f]+$/;

/** Splits a prefix or file into segments, or null when one of them is unsafe. */
function segments(path: string): string[] | null {
  const parts = path.split('/');
  return parts.every((p) => SAFE_SEGMENT.test(p)) ? parts : null;
}

const encodePath = (parts: readonly string[]): string => parts.map(encodeURIComponent).join('/');

async function signature(secret: string, exp: number, r2Prefix: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(`${exp}:${r2Prefix}`));
  return toBase64url(new Uint8Array(mac));
}

export type SignedMedia = { path: string; expiresAt: number };

/** Signs `{r2Prefix}/{file}` until at least `nowSeconds + ttlSeconds`. Throws on an unsafe prefix or file. */
export async function signWithSecret(secret: string, r2Prefix: string, file: string, ttlSeconds: number, nowSeconds = Date.now() / 1000): Promise<SignedMedia> {
  const prefixParts = segments(r2Prefix);
  const fileParts = segments(file);
  if (!prefixParts) throw new Error(`unsafe media prefix: ${JSON.stringify(r2Prefix)}`);
  if (!fileParts) throw new Error(`unsafe media file: ${JSON.stringify(file)}`);
  const exp = Math.ceil((Math.floor(nowSeconds) + ttlSeconds) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  const sig = await signature(secret, exp, r2Prefix);
  return { path: `${MEDIA_ROUTE}${exp}.${sig}/${encodePath(prefixParts)}/${encodePath(fileParts)}`, expiresAt: exp };
}

export type VerifiedMedia =
  | { ok: true; prefix: string; file: string; key: string; expiresAt: number }
  | { ok: false; reason: 'missing' | 'malformed' | 'expired' | 'forged' };

/**
 * Checks a request pathname (`/media/{exp}.{sig}/{prefix}/{file}`, still percent-encoded). The
 * prefix length is not in the URL: every split is tried (a few HMACs; paths are short), and the
 * first one the signature matches gives the prefix. Unsafe segments ('..', '.', empty, '\') are
 * refused before any signature check.
 */
export async function verifyWithSecret(secret: string, pathname: string, nowSeconds = Date.now() / 1000): Promise<VerifiedMedia> {
  if (!pathname.startsWith(MEDIA_ROUTE)) return { ok: false, reason: 'malformed' };
  const [token = '', ...encoded] = pathname.slice(MEDIA_ROUTE.length).split('/');
  if (!token) return { ok: false, reason: 'missing' };
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: encoded.length === 0 || !token.includes('.') ? 'missing' : 'malformed' };
  if (encoded.length < 2 || encoded.length > 16) return { ok: false, reason: 'malformed' };
  let parts: string[];
  try {
    parts = encoded.map((p) => decodeURIComponent(p));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!parts.every((p) => SAFE_SEGMENT.test(p))) return { ok: false, reason: 'malformed' };
  const exp = Number(match[1]);
  const sig = fromBase64url(match[2] ?? '');
  // Only the canonical encoding: the last character also carries 2 unused bits, and a URL that
  // differs from the signed one must not be accepted.
  if (!sig || sig.byteLength !== 32 || toBase64url(sig) !== match[2]) return { ok: false, reason: 'forged' };
  const key = await hmacKey(secret);
  for (let n = 1; n < parts.length; n++) {
    const prefix = parts.slice(0, n).join('/');
    const valid = await crypto.subtle.verify('HMAC', key, sig, new TextEncoder().encode(`${exp}:${prefix}`));
    if (valid) {
      if (exp < nowSeconds) return { ok: false, reason: 'expired' };
      const file = parts.slice(n).join('/');
      return { ok: true, prefix, file, key: `${prefix}/${file}`, expiresAt: exp };
    }
  }
  return { ok: false, reason: 'forged' };
}
