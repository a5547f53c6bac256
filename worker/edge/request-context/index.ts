import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { DEVICE_ID_HEADER } from '../../rules/api-client';
import { isLang, type Lang } from '../../rules/lang';
import { listVar, type AppEnv } from '../../env';

const YEAR = 365 * 24 * 3600;
const DEVICE_ID = /^[\w-]{8,64}$/;

/** Spec §3 and §9: a guest's language when nothing else chose one. */
export const GUEST_DEFAULT_LANG: Lang = 'ar';

/**
 * The languages an `Accept-Language` header names, best first (by q-value, then order), reduced to
 * their primary subtag (`fr-MA` → `fr`). `q=0` means "not this one".
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=(.*)$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.lang !== '' && entry.lang !== '*' && entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.lang);
}

/**
 * The request's language (spec §9, §7): FORCE_LANG overrides; else the `lang` query parameter,
 * then the `lang` cookie, then the operator's DEFAULT_LANGUAGE, then the browser's `Accept-Language`,
 * then the guest default (ar) — each only when it is a supported language.
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
    acceptedLanguages(c.req.header('accept-language')).map(pick).find((lang) => lang !== undefined) ??
    pick(GUEST_DEFAULT_LANG) ??
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
    // The cookie, else the device-id header the browser's API calls carry (spec §7), else a new id.
    const valid = (id: string | undefined): id is string => id !== undefined && DEVICE_ID.test(id);
    const cookie = getCookie(c, 'deviceId');
    let deviceId = [cookie, c.req.header(DEVICE_ID_HEADER)].find(valid);
    if (deviceId === undefined || !valid(cookie)) {
      deviceId ??= crypto.randomUUID();
      setCookie(c, 'deviceId', deviceId, { path: '/', maxAge: YEAR, httpOnly: true, secure: true, sameSite: 'Lax' });
    }
    c.set('deviceId', deviceId);
    if (c.req.query('lang') === lang && getCookie(c, 'lang') !== lang) {
      setCookie(c, 'lang', lang, { path: '/', maxAge: YEAR, secure: true, sameSite: 'Lax' });
    }
    await next();
  };
}
