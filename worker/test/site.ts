import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, vi } from 'vitest';
import { translate } from '../i18n';
import app from '../index';
import { GOOD_PASSWORD, makeSubscriber, uniqueEmail } from './accounts';

/**
 * The test kit of the site: requests through the whole worker (edge, session, pages, built-in API
 * on D1) with a cookie jar, like a browser without JavaScript. Accounts, passwords and API calls
 * come from ./accounts.ts: one kit, one password.
 */
export const en = translate('en');
const SITE = 'http://localhost';

export type Jar = Map<string, string>;

/** A fresh client IP per test, so the per-IP login limit of one test never meets another's. */
export const newIp = (): string => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

export async function call(path: string, init: RequestInit = {}, jar?: Jar, ip = '10.0.0.1') {
  const headers = new Headers(init.headers);
  if (jar && jar.size > 0) headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
  headers.set('CF-Connecting-IP', ip);
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`${SITE}${path}`, { ...init, headers, redirect: 'manual' }), env, ctx);
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  if (jar) {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(pair.slice(0, at));
      else jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  return { res, html };
}

/** A form POST as a browser sends it (same origin, urlencoded). */
export const post = (path: string, form: Record<string, string>, jar?: Jar, ip?: string) =>
  call(
    path,
    { method: 'POST', body: new URLSearchParams(form), headers: { Origin: SITE, 'Content-Type': 'application/x-www-form-urlencoded' } },
    jar,
    ip,
  );

/** Text as React writes it into HTML. */
export const html = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** A Moroccan mobile number without its leading zero (6XXXXXXXX). */
export const uniqueNational = (): string => `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

export const userByEmail = (email: string) => env.DB.prepare('SELECT id, email, phone, lang FROM users WHERE email = ?').bind(email).first<{ id: string; lang: string }>();
export const userByPhone = (phone: string) => env.DB.prepare('SELECT id FROM users WHERE phone = ?').bind(phone).first<{ id: string }>();

/** Registers through the page, from an address of its own (registrations are bounded per address), and answers the logged-in jar. */
export async function registered(email = uniqueEmail(), password = GOOD_PASSWORD): Promise<{ email: string; jar: Jar }> {
  const jar: Jar = new Map();
  const { res } = await post('/register', { method: 'email', email, password, password_confirmation: password, terms: '1' }, jar, newIp());
  if (res.status !== 303) throw new Error(`register failed: ${res.status}`);
  return { email, jar };
}

/** A registered, logged-in subscriber (several profiles need a subscription where plans are sold, spec §4). */
export async function registeredSubscriber(email = uniqueEmail(), password = GOOD_PASSWORD): Promise<{ email: string; jar: Jar }> {
  const account = await registered(email, password);
  await makeSubscriber({ email });
  return account;
}

/** Whether the page has a `<tag …>` carrying every attribute given (any order; names case-insensitive). */
export function hasTag(page: string, tag: string, attributes: Record<string, string>): boolean {
  const tags = page.match(new RegExp(`<${tag}\\b[^>]*>`, 'gi')) ?? [];
  return tags.some((t) => Object.entries(attributes).every(([name, value]) => t.toLowerCase().includes(` ${name.toLowerCase()}="${value.toLowerCase()}"`)));
}

/** The flash toasts a redirect carries (worker/session/cookies.ts). */
export const flashOf = (jar: Jar): string => decodeURIComponent(jar.get('flash') ?? '');

/** Failing calls are logged on purpose: keep each test's output to its own assertions. */
export function quietConsole(): void {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());
}

/** Requests the whole worker (edge, proxy, pages) with an execution context, as workerd would. */
export async function fetchSite(url: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.request(url, init, env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
