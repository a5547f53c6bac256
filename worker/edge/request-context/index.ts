import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { isLang, type Lang } from '../../rules/lang';
import { listVar, type AppEnv } from '../../env';

const YEAR = 365 * 24 * 3600;

/**
 * The request's language (spec §9, §7): FORCE_LANG overrides; else the `lang` query parameter,
 * then the `lang` cookie, then DEFAULT_LANGUAGE, then en — each only when it is a supported language.
 */
export function resolveLang(c: Context<AppEnv>): Lang {
  const supported = listVar(c.env.SUPPORTED_LANGUAGES).filter(isLang);
  const pick = (value: string | undefined): Lang | undefined =>
    isLang(value) && (supported.length === 0 || supported.includes(value)) ? value : undefined;
  return (
    pick(c.env.FORCE_LANG) ??
    pick(c.req.query('lang')) ??
    pick(getCookie(c, 'lang')) ??
    pick(c.env.DEFAULT_LANGUAGE) ??
    pick('en') ??
    supported[0] ??
    'en'
  );
}

const randomNonce = (): string => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));

/**
 * First middleware of every request: request id, CSP nonce, language (remembered in the `lang`
 * cookie when chosen with ?lang), country from `request.cf.country`, and the `deviceId` cookie,
 * created when missing.
 */
export function requestContext(): MiddlewareHandler<AppEnv> {
  return async function requestContext(c, next) {
    c.set('requestId', c.req.header('cf-ray') ?? crypto.randomUUID());
    c.set('nonce', randomNonce());
    const lang = resolveLang(c);
    c.set('lang', lang);
    const cf = c.req.raw.cf as { country?: unknown } | undefined;
    c.set('country', typeof cf?.country === 'string' ? cf.country.toUpperCase() : '');
    let deviceId = getCookie(c, 'deviceId');
    if (!deviceId || !/^[\w-]{8,64}$/.test(deviceId)) {
      deviceId = crypto.randomUUID();
      setCookie(c, 'deviceId', deviceId, { path: '/', maxAge: YEAR, httpOnly: true, secure: true, sameSite: 'Lax' });
    }
    c.set('deviceId', deviceId);
    if (c.req.query('lang') === lang && getCookie(c, 'lang') !== lang) {
      setCookie(c, 'lang', lang, { path: '/', maxAge: YEAR, secure: true, sameSite: 'Lax' });
    }
    await next();
  };
}
