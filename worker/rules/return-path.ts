/** The longest path a checkout keeps to come back to (a title's address with its query). */
export const RETURN_PATH_MAX = 300;

/**
 * A same-site relative path (no scheme, no `//host`, no backslash trick) as the browser would
 * read it, else null.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  const base = 'https://wall.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  const path = url.pathname + url.search + url.hash;
  return url.origin === base && /^\/(?![/\\])/.test(path) ? path : null;
}

/** The return path after unlocking: a same-site path other than the door itself, else `/`. */
export function safeReturnPath(value: unknown, doorPath: string): string {
  const path = sameSitePath(value);
  return path === null || path.split(/[?#]/)[0] === doorPath ? '/' : path;
}
