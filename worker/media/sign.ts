import type { Bindings } from '../env';
import { serverSecret } from '../api/kernel/tokens';
import { signWithSecret, verifyWithSecret } from './hmac';
import type { SignedMedia, VerifiedMedia } from './hmac';

export type { SignedMedia, VerifiedMedia };

/** Default lifetime of a signed media URL: long enough for a feature film with pauses. */
export const MEDIA_URL_TTL_SECONDS = 4 * 3600;

/** MEDIA_SECRET, else JWT_SECRET, else the development secret when DEV_OUTBOX is on (500 otherwise). */
export const mediaSecret = (env: Bindings): string => env.MEDIA_SECRET || serverSecret(env);

/**
 * The signed path of a file of a title's media, e.g.
 * `signMediaPath(env, 'titles/casa-blues/main', 'master.m3u8')` →
 * `/media/1767225600.AbC…/titles/casa-blues/main/master.m3u8`. Valid for at least `ttlSeconds`
 * (the expiry is rounded up to 5 minutes). Every file under the same prefix can be reached with
 * the same token, which is what relative URLs in playlists and thumbs.vtt rely on.
 */
export async function signMediaPath(env: Bindings, r2Prefix: string, file: string, ttlSeconds = MEDIA_URL_TTL_SECONDS): Promise<string> {
  return (await signMedia(env, r2Prefix, file, ttlSeconds)).path;
}

/** {@link signMediaPath} with the expiry (unix seconds) the path carries. */
export function signMedia(env: Bindings, r2Prefix: string, file: string, ttlSeconds = MEDIA_URL_TTL_SECONDS): Promise<SignedMedia> {
  return signWithSecret(mediaSecret(env), r2Prefix, file, ttlSeconds);
}

/** Checks a request pathname; on success gives the R2 key (`{prefix}/{file}`). */
export function verifyMediaPath(env: Bindings, pathname: string, nowSeconds?: number): Promise<VerifiedMedia> {
  return verifyWithSecret(mediaSecret(env), pathname, nowSeconds);
}
