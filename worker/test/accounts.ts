import { env } from 'cloudflare:workers';
import { api } from '../api';
import type { Tokens } from '../api/auth/schemas';

/** Test helpers for accounts: a fresh user per test (storage is shared between test files). */
export const GOOD_PASSWORD = 'Secret123';

export const uniqueEmail = (): string => `user-${crypto.randomUUID()}@example.com`;

/** Calls the built-in API in-process, as the proxy would. */
export function callApi(path: string, init: { method?: string; body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  return Promise.resolve(api.request(path, { method: init.method ?? 'GET', headers, body }, env));
}

export async function register(email = uniqueEmail(), password = GOOD_PASSWORD): Promise<{ id: string; email: string; password: string }> {
  const res = await callApi('/auth/register', { method: 'POST', body: { email, password, profile: { username: 'Test' } } });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return { id, email, password };
}

export async function login(login: string, password = GOOD_PASSWORD, ip = crypto.randomUUID()): Promise<Tokens> {
  const res = await callApi('/auth/login', { method: 'POST', body: { login, password }, headers: { 'X-Client-IP': ip } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Tokens;
}

export async function registeredUser(): Promise<{ id: string; email: string; password: string; tokens: Tokens }> {
  const user = await register();
  return { ...user, tokens: await login(user.email) };
}

export const messageOf = async (res: Response): Promise<string> => ((await res.json()) as { message: string }).message;


/** The id of an account's first (main) profile. */
export const mainProfile = async (account: { id: string }): Promise<number> =>
  ((await env.DB.prepare('SELECT id FROM profiles WHERE user_id = ? ORDER BY id LIMIT 1').bind(account.id).first<{ id: number }>()) as { id: number }).id;

/**
 * Makes an account premium the way an operator would (the §3 fields only): where plans are sold,
 * only subscribers have more than one profile (spec §4), and most profile tests need several.
 */
export async function makeSubscriber(who: { id: string } | { email: string }): Promise<void> {
  const where = 'id' in who ? ['id = ?', who.id] : ['email = ?', who.email.toLowerCase()];
  await env.DB.prepare(`UPDATE users SET subscription_id = 7, subscription_start = '2026-01-01T00:00:00.000Z', subscription_end = '2099-12-31T00:00:00.000Z' WHERE ${where[0]}`).bind(where[1]).run();
}

export async function registeredSubscriber(): Promise<Awaited<ReturnType<typeof registeredUser>>> {
  const user = await registeredUser();
  await makeSubscriber(user);
  return user;
}
