import type { MiddlewareHandler } from 'hono';
import { hasActiveSubscription } from '../rules/subscription';
import type { Config } from '../api/configs/schemas';
import type { User } from '../api/auth/schemas';
import type { AppEnv } from '../env';
import { loadConfig } from '../proxy/server-api';
import { loadUser } from './user';

/** Spec §2: routes listed as requiring login (favs, content slug, category slug, index). */
export const LOGIN_ROUTES = [/^\/$/, /^\/favs\/?$/, /^\/content\/[^/]+\/?$/, /^\/category\/[^/]+\/?$/];
/** Routes that show a profile's catalogue: under app_access 'subscription' they need an active subscription. */
export const PROFILE_ROUTES = [...LOGIN_ROUTES, /^\/player\//, /^\/search\/?$/, /^\/whoswatching\/?$/, /^\/profiles\/?$/];

const matches = (routes: RegExp[], path: string) => routes.some((r) => r.test(path));

/**
 * App access mode (spec §4, config app_access), checked on every page request (so also when going
 * to '/'). Answers where to send the visitor, or null to let the page render.
 * - 'authentication' with no user: the login-required routes redirect to the configured login
 *   redirect or /login?redirect=…; with option REDIRECT_LOGIN the visitor goes to '/' instead,
 *   which then stays open as the landing page.
 * - 'subscription' without an active subscription: profile routes go to /profile?t=subscriptions
 *   (visitors who are not logged in first go to the login, as above).
 */
export function accessRedirect(
  config: Pick<Config, 'app_access' | 'login_redirect' | 'options'>,
  user: Pick<User, 'isAnonymous' | 'subscription_id' | 'subscription_end'>,
  path: string,
  search = '',
): string | null {
  if (config.app_access === 'open') return null;
  const redirectLogin = config.options.REDIRECT_LOGIN === true;
  const protectedRoutes = config.app_access === 'subscription' ? PROFILE_ROUTES : LOGIN_ROUTES;
  if (user.isAnonymous) {
    if (!matches(protectedRoutes, path) || (redirectLogin && path === '/')) return null;
    if (redirectLogin) return '/';
    return config.login_redirect || `/login?redirect=${encodeURIComponent(path + search)}`;
  }
  if (config.app_access === 'subscription' && matches(PROFILE_ROUTES, path) && !hasActiveSubscription(user)) {
    return '/profile?t=subscriptions';
  }
  return null;
}

export function accessMode(): MiddlewareHandler<AppEnv> {
  return async function accessMode(c, next) {
    if (c.req.method !== 'GET') return next();
    const config = await loadConfig(c).catch(() => null);
    if (!config || config.app_access === 'open') return next();
    const target = accessRedirect(config, await loadUser(c), c.req.path, new URL(c.req.url).search);
    return target ? c.redirect(target, 302) : next();
  };
}
