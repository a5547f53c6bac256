/**
 * A guest's favourites (spec §3 client state `favs`): the `favs` cookie mirrors the browser's
 * localStorage list (client/favs/local.ts) so the server renders the buttons in the right state
 * and attaches them at login (worker/session/favs.ts).
 */
export const FAVS_COOKIE = 'favs';
/** A guest keeps at most this many titles (one batch of GET /pages/contents). */
export const GUEST_FAVS_LIMIT = 20;

/** Reads the cookie mirror ('12.34.56'): positive integer ids, no duplicates, at most the limit. */
export function parseFavsCookie(value: string | undefined): number[] {
  if (!value) return [];
  const ids = value
    .split('.')
    .map((s) => Number(s))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)].slice(0, GUEST_FAVS_LIMIT);
}

export const favsCookieValue = (ids: readonly number[]): string => ids.join('.');

/**
 * The viewer's My List and likes as the page was rendered (spec §3 User favs, likes; a guest's
 * favourites from this browser), for the toggles on every tile.
 */
export type ViewerLists = { favs: number[]; likes: number[]; guest: boolean };

export const viewerLists = (user: { favs: readonly { id: number }[]; likes: readonly { id: number }[]; isAnonymous: boolean }): ViewerLists => ({
  favs: user.favs.map((f) => f.id),
  likes: user.likes.map((l) => l.id),
  guest: user.isAnonymous,
});
