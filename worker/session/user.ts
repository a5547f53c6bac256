import type { Context, MiddlewareHandler } from 'hono';
import { isLang } from '../rules/lang';
import { DEFAULT_CAPTION_STYLE } from '../rules/captions';
import { ApiError } from '../rules/api-client';
import { User, type Profile } from '../api/auth/schemas';
import type { AppEnv } from '../env';
import { serverApi } from '../proxy/server-api';
import { clearProfileCookie, clearTokens, currentTokens, readProfileCookie } from './cookies';
import { callApi } from './auth';
import { attachGuestFavs, guestFavs } from './favs';

/** Spec §3 Anonymous guest user: the fixed id of the guest. */
export const ANONYMOUS_ID = 'anonymous_id';

/** Spec §3: the guest's single profile (id 0, GUEST). */
export const GUEST_PROFILE: Profile = {
  id: 0,
  name: 'GUEST',
  picture: 'avatar-1',
  is_kid: false,
  age_restriction: 'no-age-restriction',
  pin_is_activated: false,
  has_pin: false,
  locked: false,
  autoplay: true,
  caption_size: DEFAULT_CAPTION_STYLE.size,
  caption_background: DEFAULT_CAPTION_STYLE.background,
  data_usage: 'auto',
  method_payment: '',
  username: null,
  gender: null,
  last_name: null,
  first_name: null,
  address: null,
  zipCode: null,
  country: null,
  birth: null,
};

/** The anonymous guest of spec §3: the user whenever no one is logged in. Lang: forced language, else ar. */
export function guestUser(forcedLang: string): User {
  return {
    id: ANONYMOUS_ID,
    lang: isLang(forcedLang) ? forcedLang : 'ar',
    isAnonymous: true,
    email: null,
    phone: null,
    role: 'guest',
    readonly: false,
    is_active: true,
    isEmailVerified: false,
    isPhoneVerified: false,
    subscription_id: null,
    subscription_start: null,
    subscription_renewal: null,
    subscription_end: null,
    subscription_error: null,
    cancel_subscription: false,
    free_subscriptions: 0,
    avatar: null,
    profile: GUEST_PROFILE,
    profiles: [GUEST_PROFILE],
    credits: 0,
    cdn_usage: 0,
    hide_watched: false,
    created_at: '1970-01-01T00:00:00.000Z',
    access_id: null,
    notification_active: true,
    push_notification_id: null,
    options: {},
    libraries: [],
    contents: [],
    favs: [],
    likes: [],
    watched: [],
    watchedContents: [],
    access: [],
    unverifiedUserInfo: { email: false, phone: false },
    birth: null,
  };
}

export const isGuest = (user: User): boolean => user.isAnonymous;

/**
 * The visitor of this request, fetched once: GET auth/user through the proxy (which refreshes an
 * expired access token and rewrites the cookie), the guest when there is no session or it failed
 * (spec §4: a failed user fetch logs out — the proxy has cleared the cookie by then).
 * A suspended account is answered 403 USER_SUSPENDED and rethrown for the error page.
 */
export async function loadUser(c: Context<AppEnv>): Promise<User> {
  const known = c.get('user');
  if (known) return known;
  let user = guestUser(c.env.FORCE_LANG);
  if (currentTokens(c)) {
    try {
      user = await fetchUser(c);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) throw error;
      console.error(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), msg: 'user fetch failed', status: error instanceof ApiError ? error.status : 0 }));
    }
  }
  // A guest's favourites live in this browser (client/favs/local.ts); the cookie mirror tells the pages.
  if (user.isAnonymous) user.favs = guestFavs(c).map((id) => ({ id }));
  c.set('user', user);
  return user;
}

/**
 * GET auth/user as the chosen profile (spec §4: the `profile` cookie, sent as ?profile=). When that
 * profile is gone or locked in this session (a new login), the cookie is dropped and the user is
 * fetched without a choice, so the pages ask who is watching (worker/session/profile.ts).
 */
async function fetchUser(c: Context<AppEnv>): Promise<User> {
  const api = serverApi(c);
  const chosen = readProfileCookie(c);
  if (chosen !== undefined) {
    try {
      const user = await api.request(`/auth/user?profile=${chosen}`, (v) => User.parse(v));
      c.set('profileChosen', true);
      return user;
    } catch (error) {
      const refused = error instanceof ApiError && /^(PROFILE_LOCKED|PROFILE_NOT_FOUND)/.test(error.message);
      if (!refused) throw error;
      clearProfileCookie(c);
    }
  }
  c.set('profileChosen', false);
  return api.request('/auth/user', (v) => User.parse(v));
}

/**
 * Page middleware: resolves the visitor before the page streams, so any cookie the session
 * rewrites (refresh, logout) is in the response headers.
 */
export function session(): MiddlewareHandler<AppEnv> {
  return async function session(c, next) {
    let saveLang: string | null = null;
    try {
      const user = await loadUser(c);
      await attachGuestFavs(c, user, c.get('profileChosen') === true);
      // Spec §4 Language change: a logged-in user's choice (?lang=) is saved to the account.
      const chosen = c.req.query('lang');
      if (!user.isAnonymous && chosen === c.get('lang') && chosen !== user.lang) saveLang = chosen;
    } catch (error) {
      // Spec §4 Suspended account: log out, then /error?code=403 (ACCOUNT_SUSPENDED, login button).
      if (!(error instanceof ApiError && error.message.includes('USER_SUSPENDED'))) throw error;
      clearTokens(c);
      c.set('user', guestUser(c.env.FORCE_LANG));
      if (c.req.path !== '/error') return c.redirect('/error?code=403&reason=USER_SUSPENDED', 303);
    }
    await next();
    // Saved once the page answered: a page visit (GET) that is not refused (4xx, 5xx) writes nothing otherwise.
    if (saveLang && (c.req.method === 'GET' || c.req.method === 'HEAD') && c.res.status < 400) {
      c.executionCtx.waitUntil(callApi(c, '/auth/lang', 'PUT', { lang: saveLang }).catch(() => undefined));
    }
  };
}
