import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { listVar, type AppEnv } from '../../env';
import { limiter } from '../../limits';
import { FormBodyError, readForm, type FormFailure } from '../../pages/form';
import type { PasswordWallProps } from '../../pages/walls';
import { safeReturnPath } from '../../rules/return-path';
import { DEFAULT_EXEMPT, onPathList } from '../paths';

export type PasswordWallOptions = {
  /** The wall's page (worker/pages/walls.tsx: the app's document with the door form). */
  page: (c: Context<AppEnv>, props: PasswordWallProps, status: FormFailure | 401 | 429) => Promise<Response>;
  /** Fixed path the wall's form POSTs the password to. */
  path?: string;
  /** Cookie holding the door key hash once the right password was given. */
  cookie?: string;
  /** Paths always reachable (trailing `*`: prefix), besides DOOR_PATH_WHITELIST; DEFAULT_EXEMPT (../paths) by default. */
  exempt?: string[];
};

const YEAR = 365 * 24 * 3600;
const HEX64 = /^[0-9a-f]{64}$/;
/** Session cookie remembering an arrival from a whitelisted referrer (see below). */
const REFERRER_COOKIE = 'doorReferrer';
const MAX_FORM_BYTES = 8 * 1024;

/** Hex SHA-256 of a UTF-8 string. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** workerd's non-standard SubtleCrypto.timingSafeEqual (lib DOM's SubtleCrypto type lacks it). */
type WorkerdSubtle = { timingSafeEqual?: (a: ArrayBufferView, b: ArrayBufferView) => boolean };

/**
 * Constant-time equality of two strings: workerd's `crypto.subtle.timingSafeEqual`, else an
 * XOR fold over every byte. The length is not secret (the expected one is always 64).
 */
export function timingSafeEqualText(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  if (x.byteLength !== y.byteLength) return false;
  const native = (crypto.subtle as unknown as WorkerdSubtle).timingSafeEqual;
  if (native) return native.call(crypto.subtle, x, y);
  let diff = 0;
  for (let i = 0; i < x.byteLength; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** Whether the Referer's host (with or without its port) is on the list. */
const refererOnList = (c: Context, hosts: readonly string[]): boolean => {
  const referer = c.req.header('referer');
  if (!referer) return false;
  try {
    const url = new URL(referer);
    return hosts.includes(url.host.toLowerCase()) || hosts.includes(url.hostname.toLowerCase());
  } catch {
    return false;
  }
};

/**
 * The password wall (spec §5). When DOOR_KEY_HASH (hex SHA-256 of the door key) is set, a
 * request passes only with the `doorKey` cookie equal to it, a Referer host on
 * DOOR_REFERRER_WHITELIST, or a path on DOOR_PATH_WHITELIST (trailing `*`: prefix) or the
 * exempt list. Any other request gets the wall page (401) instead of the site, or a JSON 401
 * under /api/. The page's plain form POSTs to `path`; the right password sets the cookie
 * (365 days) and redirects (303) to the same-site path asked for; a wrong one shows the wall
 * again with WRONG_PASSWORD.
 *
 * Pages are rendered on the server, so a visitor arriving from a whitelisted referrer would meet
 * the wall on the next click (the Referer is then our own host): the pass is remembered for the
 * browser session in the `doorReferrer` cookie, honoured while the referrer whitelist is set. It
 * is exactly as strong as the Referer check itself (both can be forged by hand).
 *
 * The cookie holds the hash itself, so DOOR_KEY_HASH must be a secret (`wrangler secret put`),
 * never a committed [vars] value. A malformed DOOR_KEY_HASH keeps the wall closed (and is logged).
 */
export function passwordWall(options: PasswordWallOptions): MiddlewareHandler<AppEnv> {
  const doorPath = options.path ?? '/__door';
  const cookieName = options.cookie ?? 'doorKey';
  const exempt = options.exempt ?? DEFAULT_EXEMPT;
  if (!/^\/[\w./-]+$/.test(doorPath)) throw new Error(`passwordWall: invalid path ${JSON.stringify(doorPath)}`);
  if (!/^[\w-]+$/.test(cookieName)) throw new Error(`passwordWall: invalid cookie name ${JSON.stringify(cookieName)}`);
  if (exempt.some((p) => !p.startsWith('/'))) throw new Error('passwordWall: exempt paths start with /');

  const renderWall = (c: Context<AppEnv>, props: Omit<PasswordWallProps, 'action'>, status: FormFailure | 401 | 429 = 401): Promise<Response> =>
    options.page(c, { ...props, action: `${doorPath}?lang=${c.get('lang')}` }, status);

  const unlock = async (c: Context<AppEnv>, expected: string): Promise<Response> => {
    // The shared form reader (capped on the bytes read); a body it refuses shows the wall's error with its status.
    const form = await readForm(c, MAX_FORM_BYTES).catch((error: unknown) => {
      if (error instanceof FormBodyError) return error;
      throw error;
    });
    if (form instanceof FormBodyError) return renderWall(c, { returnTo: '/', error: true }, form.status);
    const password = form.password ?? '';
    const returnTo = safeReturnPath(form.returnTo, doorPath);
    // Keys are counted per IP in the rate-limit Durable Object (10 wrong per 15 minutes), before the
    // check, so parallel guesses are counted exactly; the right key gives its try back.
    const ip = c.req.header('cf-connecting-ip') || 'unknown-ip';
    const allowance = await limiter(c.env).consume('door', ip);
    if (!allowance.allowed) return renderWall(c, { returnTo, error: true, waitSeconds: allowance.retryAfter }, 429);
    // Spec §5: the input is hashed and compared; if equal it is stored and the page reloads, otherwise WRONG_PASSWORD.
    const hash = await sha256Hex(password);
    if (password && timingSafeEqualText(hash, expected)) {
      await limiter(c.env).release('door', ip);
      setCookie(c, cookieName, hash, { path: '/', maxAge: YEAR, httpOnly: true, secure: true, sameSite: 'Lax' });
      c.header('Cache-Control', 'no-store');
      return c.redirect(returnTo, 303);
    }
    console.warn(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), msg: 'wrong door key' }));
    return renderWall(c, { returnTo, error: true });
  };

  return async function passwordWall(c, next) {
    const expected = (c.env.DOOR_KEY_HASH ?? '').trim().toLowerCase();
    if (!expected) return next();
    const wellFormed = HEX64.test(expected);
    if (!wellFormed) {
      console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), msg: 'DOOR_KEY_HASH is not a hex SHA-256: the wall stays closed' }));
    }
    const url = new URL(c.req.url);
    if (url.pathname === doorPath && c.req.method === 'POST') return unlock(c, expected);

    const cookie = getCookie(c, cookieName);
    if (wellFormed && cookie && timingSafeEqualText(cookie, expected)) return next();
    if (onPathList(exempt, url.pathname) || onPathList(listVar(c.env.DOOR_PATH_WHITELIST), url.pathname)) return next();
    const referrers = listVar(c.env.DOOR_REFERRER_WHITELIST).map((host) => host.toLowerCase());
    if (referrers.length) {
      if (refererOnList(c, referrers)) {
        setCookie(c, REFERRER_COOKIE, '1', { path: '/', httpOnly: true, secure: true, sameSite: 'Lax' });
        return next();
      }
      if (getCookie(c, REFERRER_COOKIE) === '1') return next();
    }

    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      return c.json({ status: 401, message: 'WEBSITE_PASSWORD_PROTECTED: door key required' }, 401, { 'Cache-Control': 'no-store' });
    }
    return renderWall(c, { returnTo: safeReturnPath(url.pathname + url.search, doorPath), error: false });
  };
}
