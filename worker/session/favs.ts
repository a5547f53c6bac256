import type { Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { FAVS_COOKIE, parseFavsCookie } from '../rules/favs';
import type { User } from '../api/auth/schemas';
import type { AppEnv } from '../env';
import { callApi } from './auth';

/** The guest's favourites kept in this browser (the `favs` cookie mirroring localStorage `favs`). */
export const guestFavs = (c: Context<AppEnv>): number[] => parseFavsCookie(getCookie(c, FAVS_COOKIE));

/**
 * Spec §4 Favourites: "guest favourites are attached to the user after login". On the first page (GET) a
 * logged-in user sees as an unlocked profile (chosen, or their only one), the titles a guest kept
 * in this browser are added to that profile's My List (the API ignores duplicates and refuses
 * titles above its age limit), the cookie is dropped, and the page's user gets them at once.
 * The browser then forgets localStorage `favs` (client/entry.ts: it only belongs to guests).
 */
export async function attachGuestFavs(c: Context<AppEnv>, user: User, chosen: boolean): Promise<void> {
  // A page view only: a form post (or any other method) never writes on the side.
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return;
  if (user.isAnonymous || user.profile.locked || !(chosen || user.profiles.length === 1)) return;
  const ids = guestFavs(c);
  if (ids.length === 0) return;
  const profile = user.profile.id;
  const attached = await Promise.all(
    ids.map((id) =>
      callApi(c, `/actions/fav/${id}`, 'POST', { profile }).then(
        () => id,
        () => null,
      ),
    ),
  );
  deleteCookie(c, FAVS_COOKIE, { path: '/' });
  const known = new Set(user.favs.map((f) => f.id));
  for (const id of attached) if (id !== null && !known.has(id)) user.favs.push({ id });
}
