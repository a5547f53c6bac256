import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ReactElement } from 'react';
import { COUNTRY_CODES, MOROCCO_CODE } from '../../../client/account/rules';
import type { PageMeta } from '../../../client/components/Document';
import type { FormState } from '../../../client/pages/auth/AuthLayout';
import { safeReturnPath } from '../../edge/password-wall';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { forward } from '../../proxy';
import { loadUser } from '../../session/user';

/**
 * Helpers of the auth pages' form handling at the edge: read a posted form, call the API as the
 * visitor, render a page with a 4xx status, keep logged-in users off anonymous-only pages.
 */

const MAX_FORM_BYTES = 16 * 1024;

/** The posted HTML form as strings (files and repeated names ignored). 415/413 for anything else. */
export async function readForm(c: Context<AppEnv>): Promise<Record<string, string>> {
  if (Number(c.req.header('content-length') ?? 0) > MAX_FORM_BYTES) throw new HTTPException(413, { message: 'PAYLOAD_TOO_LARGE' });
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(c.req.header('content-type') ?? '')) {
    throw new HTTPException(415, { message: 'UNSUPPORTED_MEDIA_TYPE: a form is expected' });
  }
  const body = await c.req.parseBody();
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') form[name] = value;
  return form;
}

/** One API answer: the parsed body, or the failure's status, `CODE: detail` message and delay (429). */
export type ApiResult =
  | { ok: true; status: number; body: Record<string, unknown> }
  | { ok: false; status: number; message: string; delay?: number };

/**
 * Calls the API as the visitor (through the proxy: Bearer from the cookie, lang, device id) and
 * never throws for an HTTP failure, so the page can show the matching message (and 429 delays).
 */
export async function apiCall(c: Context<AppEnv>, path: string, body?: unknown, method: 'POST' | 'PUT' | 'DELETE' = 'POST'): Promise<ApiResult> {
  const init: RequestInit =
    body === undefined ? { method } : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const res = await forward(c, path, init);
  const parsed: unknown = await res.json().catch(() => null);
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  if (res.ok) return { ok: true, status: res.status, body: record };
  return {
    ok: false,
    status: res.status,
    message: typeof record.message === 'string' ? record.message : `HTTP_${res.status}`,
    delay: typeof record.delay === 'number' ? record.delay : undefined,
  };
}

/** The code of an API message `CODE: detail` and its detail (the field, for validation failures). */
export function splitMessage(message: string): { code: string; detail: string } {
  const at = message.indexOf(':');
  return at < 0 ? { code: message.trim(), detail: '' } : { code: message.slice(0, at).trim(), detail: message.slice(at + 1).trim() };
}

/** A 4xx page status for an API failure (5xx and odd statuses become 502: the API failed us). */
export const failureStatus = (status: number): ContentfulStatusCode =>
  status >= 400 && status < 500 ? (status as ContentfulStatusCode) : 502;

/**
 * Renders an auth page with any status (renderPage only types the common ones). A failed form
 * gets "Error: " before its title, so a screen reader hears at once that something needs fixing.
 */
export function renderForm(c: Context<AppEnv>, page: ReactElement, meta: PageMeta, status: ContentfulStatusCode = 200, state?: FormState) {
  const failed = status >= 400 || (state && Object.values(state.errors ?? {}).some(Boolean));
  const title = failed ? `${translate(c.get('lang'))('ERROR')}: ${meta.title}` : meta.title;
  c.header('X-Robots-Tag', 'noindex');
  c.status(status);
  return c.render(page, { meta: { ...meta, title } });
}

/** Spec §4: logged-in users are sent to / from anonymous-only pages (login, register, forgot). */
export function anonymousOnly(): MiddlewareHandler<AppEnv> {
  return async function anonymousOnly(c, next) {
    const user = await loadUser(c);
    if (!user.isAnonymous) return c.redirect('/', 303);
    await next();
  };
}

/** Where to go after logging in: the `redirect` query parameter when it is a same-site path, else '/'. */
export const afterLogin = (value: string | undefined): string => safeReturnPath(value ?? '/', '/login');

/**
 * The login field as the API stores it: emails lower-cased; a phone typed with spaces, dots or
 * dashes, a 00 prefix, or as a Moroccan national number with its leading zero (06…) becomes E.164.
 */
export function normalizeLogin(login: string): string {
  const value = login.trim();
  if (value.includes('@')) return value.toLowerCase();
  const digits = value.replace(/[\s.()-]/g, '');
  if (!/^\+?[0-9]{6,16}$/.test(digits)) return value.toLowerCase();
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  if (/^0[5-7][0-9]{8}$/.test(digits)) return `${MOROCCO_CODE}${digits.slice(1)}`;
  return digits;
}

/** The picker's country code, if it is one we offer (else Morocco). */
export const countryCodeOf = (value: string | undefined): string =>
  (COUNTRY_CODES as readonly string[]).includes(value ?? '') ? (value as string) : MOROCCO_CODE;
