import type { MiddlewareHandler } from 'hono';
import type { User } from '../api/auth/schemas';
import type { AppEnv } from '../env';
import { loadUser } from './user';

/** Pages open whatever the profile: choosing one, signing in or out, errors, static pages, the contact form. */
const OPEN_ROUTES = [/^\/whoswatching(\/|$)/, /^\/(login|logout|register|forgot|callback|changePassword|error|contact)(\/|$)/, /^\/password\//, /^\/page\//];
/** Account settings: not for a kids profile (spec §6, issue 4 'simplified top bar without account settings'). */
const ACCOUNT_ROUTES = [/^\/profiles?(\/|$)/, /^\/settings\//];

const matches = (routes: RegExp[], path: string) => routes.some((r) => r.test(path));

/**
 * Where a page request goes for profile reasons, or null to render it (spec §2 /whoswatching, §4):
 * - a logged-in user with several profiles (or a PIN-locked one) who has not chosen in this
 *   session goes to the chooser, which brings them back;
 * - a kids profile is sent home from account settings.
 */
export function profileRedirect(
  user: Pick<User, 'isAnonymous' | 'profile' | 'profiles'>,
  chosen: boolean,
  path: string,
  search = '',
): string | null {
  if (user.isAnonymous || matches(OPEN_ROUTES, path)) return null;
  if (!chosen && (user.profiles.length > 1 || user.profile.locked)) {
    return `/whoswatching?redirect=${encodeURIComponent(path + search)}`;
  }
  if (user.profile.is_kid && matches(ACCOUNT_ROUTES, path)) return '/';
  return null;
}

export function profileGate(): MiddlewareHandler<AppEnv> {
  return async function profileGate(c, next) {
    if (c.req.method !== 'GET') return next();
    const user = await loadUser(c);
    const target = profileRedirect(user, c.get('profileChosen') === true, c.req.path, new URL(c.req.url).search);
    return target ? c.redirect(target, 302) : next();
  };
}
