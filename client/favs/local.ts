/**
 * A guest's favourites (spec §3 client state `favs`, §6 "free access without sign-up with limited
 * favourites"): kept in this browser until the guest logs in, then attached to the profile they
 * choose (worker/session/user.ts). localStorage `favs` holds the ids; a `favs` cookie mirrors them
 * so the server renders the buttons and My List prompt in the right state, and can attach them.
 */
import { FAVS_COOKIE, favsCookieValue, GUEST_FAVS_LIMIT, parseFavsCookie } from '../../worker/rules/favs';

export const FAVS_KEY = 'favs';
const YEAR = 365 * 24 * 3600;

/** The guest's favourites in this browser, oldest first. */
export function readGuestFavs(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(FAVS_KEY) ?? '[]');
    if (Array.isArray(value)) return parseFavsCookie(value.join('.'));
  } catch {
    // a broken value: fall back to the cookie
  }
  const cookie = document.cookie.split('; ').find((c) => c.startsWith(`${FAVS_COOKIE}=`));
  return parseFavsCookie(cookie?.slice(FAVS_COOKIE.length + 1));
}

/** Stores the guest's favourites in localStorage and the cookie mirror (removed when empty). */
export function writeGuestFavs(ids: readonly number[]): void {
  try {
    if (ids.length === 0) localStorage.removeItem(FAVS_KEY);
    else localStorage.setItem(FAVS_KEY, JSON.stringify(ids));
  } catch {
    // storage disabled: the cookie still carries them
  }
  document.cookie = ids.length === 0 ? `${FAVS_COOKIE}=; path=/; max-age=0; SameSite=Lax` : `${FAVS_COOKIE}=${favsCookieValue(ids)}; path=/; max-age=${YEAR}; SameSite=Lax`;
}

/** Adds or removes one title; false when adding would pass the guest limit. */
export function setGuestFav(id: number, active: boolean): boolean {
  const ids = readGuestFavs().filter((x) => x !== id);
  if (active && ids.length >= GUEST_FAVS_LIMIT) return false;
  writeGuestFavs(active ? [...ids, id] : ids);
  return true;
}
