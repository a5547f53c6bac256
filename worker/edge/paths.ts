/**
 * Path lists of the edge (trailing `*`: prefix): what the geoblock and the password wall always serve,
 * and how a list is matched.
 */

/**
 * Fixed routes and files the geoblock and the password wall never hide: they carry no catalogue
 * data, and the wall and geoblocking pages themselves need the stylesheet (/assets/) and logo (/icons/).
 */
export const DEFAULT_EXEMPT = ['/healthcheck', '/manifest.webmanifest', '/.well-known/*', '/robots.txt', '/icons/*', '/assets/*', '/favicon.ico'];

/** `pattern` with a trailing `*` matches by prefix, otherwise the whole path. */
export function pathMatches(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}

/**
 * Whether `path` is on one of the lists. Encoded dots, slashes and backslashes never match:
 * a whitelisted prefix must not reach another folder once a later layer decodes them.
 */
export function onPathList(patterns: readonly string[], path: string): boolean {
  if (/%2e|%2f|%5c|\\/i.test(path)) return false;
  return patterns.some((pattern) => pathMatches(pattern, path));
}
