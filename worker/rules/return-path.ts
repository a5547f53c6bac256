/**
 * The return path after unlocking: only a same-site relative path (no scheme, no `//host`,
 * no backslash trick), else `/`.
 */
export function safeReturnPath(value: unknown, doorPath: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  const base = 'https://wall.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return '/';
  }
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== base || !/^\/(?![/\\])/.test(path) || url.pathname === doorPath) return '/';
  return path;
}
