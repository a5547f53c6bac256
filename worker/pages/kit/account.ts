import type { Context } from 'hono';
import type { User } from '../../api/auth/schemas';
import type { AppEnv } from '../../env';
import { ApiError } from '../../session/auth';
import { addFlash } from '../../session/cookies';

/**
 * Guards and answers shared by the logged-in account pages (worker/pages/settings,
 * worker/pages/profiles): guests go to login, a finished form redirects with a flash toast.
 */
type Ctx = Context<AppEnv>;

/** Guests go to the login page, which brings them back here. */
export function toLogin(c: Ctx, path: string): Response {
  const redirect = encodeURIComponent(path).replace(/%2F/g, '/');
  // Whether a page sends to /login depends on the session: never kept by a cache.
  c.header('Cache-Control', 'private, no-store');
  return c.redirect(`/login?redirect=${redirect}`, c.req.method === 'GET' ? 302 : 303);
}

/** The visitor when logged in (not the guest user), else null. */
export const loggedIn = (c: Ctx): User | null => {
  const user = c.get('user');
  return user && !user.isAnonymous ? user : null;
};

/** Done: a success toast on the next page (303, so a reload does not post again). */
export function done(c: Ctx, key: string, to: string): Response {
  addFlash(c, { kind: 'success', key });
  return c.redirect(to, 303);
}

/** The API no longer knows the session (401): the page sends the visitor to log in again. */
export const sessionEnded = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
