import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import app from './index';
import { api } from './api';
import { pageRoutes } from './pages/registry';
import { sha256Hex } from './edge/password-wall';
import { signMediaPath } from './media/sign';
import { callApi, registeredUser } from './test/accounts';

/**
 * Property-based fuzz test (issue 12, "Bad input must never give a 5xx"): malformed methods,
 * paths, queries, bodies, headers and cookies sent through the whole worker to every API route
 * (read from the Hono app's own route table), every form (the pages' POST routes and the door)
 * and signed media files. Two properties: never a 5xx, and a rejected request (4xx) writes nothing to D1.
 * The seed is fixed so a failure replays the same way (fast-check prints the counterexample).
 */
const SEED = 20261124;
const RUNS = 1000;
const SITE = 'http://localhost';
const DOOR_KEY = 'fuzz door key';

/** Columns whose change is the very record of a rejection (a wrong code's attempt count). */
const REJECTION_RECORDS: Record<string, string[]> = { verification_codes: ['attempts'] };

type Target = { kind: 'api' | 'form' | 'door' | 'media'; method: string; path: string };

const unique = (targets: Target[]): Target[] => [...new Map(targets.map((t) => [`${t.kind} ${t.method} ${t.path}`, t])).values()];
/** Every route of the built-in API (middleware entries, method ALL, are not routes), under /api. */
const apiTargets = unique(api.routes.filter((r) => r.method !== 'ALL').map((r) => ({ kind: 'api', method: r.method, path: `/api${r.path}` })));
/** Every edge form: the pages' POST routes, and the door (password wall). */
const formTargets = unique([
  ...pageRoutes.routes.filter((r) => r.method === 'POST').map((r): Target => ({ kind: 'form', method: 'POST', path: r.path })),
  { kind: 'door', method: 'POST', path: '/__door' },
]);
/** Media files (/media/*): a validly signed path to a fuzzed file name, or a fuzzed path. */
const mediaTargets: Target[] = [
  { kind: 'media', method: 'GET', path: 'signed' },
  { kind: 'media', method: 'GET', path: '/media/:token/:prefix/:file' },
];

/**
 * A D1 change counter: triggers on every table add one per inserted, updated or deleted row
 * (the columns of REJECTION_RECORDS excepted). Virtual tables and their shadows are skipped.
 */
async function installChangeCounter(): Promise<void> {
  await env.DB.exec('CREATE TABLE IF NOT EXISTS fuzz_changes (n INTEGER NOT NULL); INSERT INTO fuzz_changes (n) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM fuzz_changes);');
  const { results } = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT IN ('d1_migrations', 'fuzz_changes')",
  ).all<{ name: string; sql: string }>();
  const virtual = results.filter((t) => /^CREATE VIRTUAL/i.test(t.sql)).map((t) => t.name);
  const tables = results.filter((t) => !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)));
  const bump = 'BEGIN UPDATE fuzz_changes SET n = n + 1; END';
  for (const { name } of tables) {
    const { results: columns } = await env.DB.prepare(`SELECT name FROM pragma_table_info('${name}')`).all<{ name: string }>();
    const counted = columns.map((c) => c.name).filter((c) => !(REJECTION_RECORDS[name] ?? []).includes(c));
    await env.DB.batch([
      env.DB.prepare(`CREATE TRIGGER IF NOT EXISTS fuzz_${name}_i AFTER INSERT ON "${name}" ${bump}`),
      env.DB.prepare(`CREATE TRIGGER IF NOT EXISTS fuzz_${name}_u AFTER UPDATE OF ${counted.map((c) => `"${c}"`).join(', ')} ON "${name}" ${bump}`),
      env.DB.prepare(`CREATE TRIGGER IF NOT EXISTS fuzz_${name}_d AFTER DELETE ON "${name}" ${bump}`),
    ]);
  }
}

/** Drops the counter: test files share a database, and the triggers would count in theirs. */
async function removeChangeCounter(): Promise<void> {
  const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'fuzz\\_%' ESCAPE '\\'").all<{ name: string }>();
  await env.DB.batch([...results.map(({ name }) => env.DB.prepare(`DROP TRIGGER IF EXISTS "${name}"`)), env.DB.prepare('DROP TABLE IF EXISTS fuzz_changes')]);
}

const changes = async (): Promise<number> => (await env.DB.prepare('SELECT n FROM fuzz_changes').first<{ n: number }>())?.n ?? 0;

/** A logged-in member for the requests that carry one, made again when a fuzzed call ended it. */
let member: { cookie: string; bearer: string; profileId: string } | null = null;
async function currentMember(): Promise<NonNullable<typeof member>> {
  if (member && (await callApi('/auth/user', { token: member.bearer })).status === 200) return member;
  const user = await registeredUser();
  const profile = await env.DB.prepare('SELECT id FROM profiles WHERE user_id = ? ORDER BY id LIMIT 1').bind(user.id).first<{ id: number }>();
  member = { cookie: `token=${encodeURIComponent(JSON.stringify(user.tokens))}`, bearer: user.tokens.token, profileId: String(profile?.id ?? 1) };
  return member;
}

// ---- What a malformed request is made of ----

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', '0', '-1', '1.5', 'NaN', 'null', 'true', '[]', '{}', '9'.repeat(30), 'x'.repeat(3000), '../..', '%', '%zz', '\u0000', '<script>', "' OR 1=1 --", 'ا'.repeat(300)),
);
/** Values that pass some checks, so requests reach deeper than the first validation. */
const known = fc.oneof(
  fc.constantFrom('1', '2', '999999', 'fav', 'like', 'search', 'searchFilms', 'casa-blues', 'the-kasbah-hotel', 'films', 'top-home', 'notifications'),
  fc.constantFrom('en', 'ar', 'fr', 'es', 'web', 'desc', 'email', 'sms', 'register', 'reset', 'Secret123', 'Sesame123', '1234', '123456', '+212612345678', '612345678', '+212', 'on'),
  fc.constantFrom('12-age-restriction', '16-age-restriction', 'all', 'phone', 'send_code', 'reset_phone', '1,2,3', 'films,series', 'https://fcm.googleapis.com/fcm/send/x'),
  fc.nat(99999).map((n) => `fuzz-${n}@example.com`),
);
const value = fc.oneof(known, text, fc.integer().map(String));
/** What a header carries: visible ASCII (no control characters; Latin-1 bytes only make workerd warn). */
const headerChar = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
const headerText = fc.oneof(known, fc.string({ unit: headerChar, maxLength: 60 }), fc.constantFrom('x'.repeat(4000), 'null', '"'));
const QUERY_NAMES = ['lang', 'profileId', 'profile', 'id', 'pin', 'ids', 'direction', 'page', 'page_size', 'limit', 'q', 'query', 'year', 'categories', 'types', 'contentIds', 'email', 'validation_token', 'validation_email', 'reset_token', 'redirect', 'code', 'by', 'utm_source'];
const FIELD_NAMES = [
  ...QUERY_NAMES,
  'login', 'password', 'password_confirmation', 'phone', 'channel', 'target', 'purpose', 'token', 'refresh_token', 'username', 'avatar', 'is_kid',
  'age_restriction', 'isActive', 'time', 'duration', 'device_id', 'device_family', 'preferred_language', 'subscription', 'method', 'terms', 'intent',
  'country_code', 'phone_national', 'returnTo', 'remove', 'current_password', 'new_pin', 'form', 'libraries', 'hide_watched', 'isEmailVerified',
];
const name = (names: string[]) => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) });
const json = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(name(FIELD_NAMES), fc.oneof(value, fc.jsonValue({ maxDepth: 2 })), { maxKeys: 6 }));
const fields = fc.array(fc.tuple(name(FIELD_NAMES), value), { maxLength: 6 });

const BOUNDARY = 'fuzzBoundary';
const multipart = (pairs: [string, string][], cut: boolean): string => {
  const body = pairs.map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') + `--${BOUNDARY}--\r\n`;
  return cut ? body.slice(0, Math.max(1, Math.floor(body.length / 2))) : body;
};

type Body = { type: string | null; body: string | null };
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({ type: null, body: null }),
  json.map((v) => ({ type: 'application/json', body: JSON.stringify(v) })),
  fc.tuple(fc.constantFrom('application/json', 'text/plain', null), text).map(([type, t]) => ({ type, body: t })),
  fc.constantFrom('{"email":', '{"a":1}}', '[1,2', '"', 'null', '{"subscription":{"keys":null}}').map((t) => ({ type: 'application/json', body: t })),
  fields.map((pairs) => ({ type: 'application/x-www-form-urlencoded', body: new URLSearchParams(pairs).toString() })),
  fc.tuple(fields, fc.boolean()).map(([pairs, cut]) => ({ type: `multipart/form-data; boundary=${BOUNDARY}`, body: multipart(pairs, cut) })),
  fc.tuple(fields, fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=', 'application/x-www-form-urlencoded; charset=klingon', 'image/png')).map(
    ([pairs, type]) => ({ type, body: multipart(pairs, false) }),
  ),
);

const cookie = fc.array(
  fc.oneof(
    fc.tuple(fc.constantFrom('token', 'deviceId', 'profile', 'lang', 'favs', 'flash', 'resetToken', 'doorKey', 'watched'), value).map(([k, v]) => `${k}=${encodeURIComponent(v)}`),
    fc.constantFrom('token=%7B%22token%22%3A1%7D', 'token=%E0%A4%A', 'profile=-1', 'lang=xx', 'deviceId=' + 'd'.repeat(500), '=', ';;'),
  ),
  { maxLength: 3 },
);

const request = fc.record({
  target: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...apiTargets) },
    { weight: 2, arbitrary: fc.constantFrom(...formTargets) },
    { weight: 1, arbitrary: fc.constantFrom(...mediaTargets) },
  ),
  range: fc.option(fc.oneof(fc.constantFrom('bytes=0-9', 'bytes=-5', 'bytes=99999999-', 'bytes=5-1', 'bytes=0-1,3-4'), headerText), { freq: 3 }),
  method: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') }),
  params: fc.array(value, { minLength: 3, maxLength: 3 }),
  query: fc.array(fc.tuple(name(QUERY_NAMES), value), { maxLength: 5 }),
  body,
  cookies: cookie,
  member: fc.boolean(),
  bearer: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: headerText }),
  deviceHeader: fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: headerText }),
  trailingSlash: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  ip: fc.tuple(fc.nat(250), fc.nat(250)),
});
type Fuzzed = typeof request extends fc.Arbitrary<infer T> ? T : never;

const encode = (v: string): string => {
  try {
    return encodeURIComponent(v);
  } catch {
    return 'x';
  }
};

/** Fills `:param` and `:param{regex}` of a route path with fuzzed values. */
const fillPath = (path: string, params: string[], profileId: string): string => {
  let i = 0;
  return path.replace(/:(\w+)(\{[^}]*\})?\??/g, (_, param: string) => {
    const v = params[i++ % params.length] ?? '';
    return encode(param === 'id' && v === '1' ? profileId : v);
  });
};

async function send(r: Fuzzed, m: typeof member): Promise<{ res: Response; url: string; method: string }> {
  const method = r.method ?? r.target.method;
  const query = new URLSearchParams(r.query).toString();
  // The signature covers the prefix: any file name under it is validly signed.
  const signed = async () => (await signMediaPath(env, 'titles/fuzz/main', 'master.m3u8')).replace(/master\.m3u8$/, r.params.map(encode).join('/'));
  const path = r.target.path === 'signed' ? await signed() : fillPath(r.target.path, r.params, m?.profileId ?? '1');
  const url = `${SITE}${path}${r.trailingSlash ? '/' : ''}${query ? `?${query}` : ''}`;
  const headers = new Headers({ Origin: SITE, 'CF-Connecting-IP': `10.9.${r.ip[0]}.${r.ip[1]}` });
  if (r.body.type) headers.set('Content-Type', r.body.type);
  const cookies = [...r.cookies, ...(m ? [m.cookie] : [])];
  if (cookies.length) headers.set('Cookie', cookies.join('; '));
  if (r.bearer !== null) headers.set('Authorization', `Bearer ${r.bearer}`);
  if (r.deviceHeader !== null) headers.set('X-Device-Id', r.deviceHeader);
  if (r.range !== null) headers.set('Range', r.range);
  const hasBody = method !== 'GET' && method !== 'HEAD' && r.body.body !== null;
  const vars: Partial<Env> = r.target.kind === 'door' ? { DOOR_KEY_HASH: await sha256Hex(DOOR_KEY) } : {};
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(url, { method, headers, body: hasBody ? r.body.body : null, redirect: 'manual' }), { ...env, ...vars }, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { res, url, method };
}

/** A request with nothing fuzzed: a plain GET of its target (the regression cases below). */
const BASE_REQUEST: Fuzzed = {
  target: { kind: 'form', method: 'GET', path: '/' },
  range: null,
  method: null,
  params: ['', '', ''],
  query: [],
  body: { type: null, body: null },
  cookies: [],
  member: false,
  bearer: null,
  deviceHeader: null,
  trailingSlash: false,
  ip: [1, 1],
};

const tally = { answers: { ok: 0, redirect: 0, refused: 0 }, writes: 0 };

describe('fuzz: every API route and every form, with malformed input', () => {
  beforeAll(installChangeCounter);
  afterAll(removeChangeCounter);

  it(`never answers 5xx, and a rejected request writes nothing to D1 (${RUNS} runs, seed ${SEED})`, { timeout: 900_000 }, async () => {
    expect(apiTargets.length).toBeGreaterThan(40);
    expect(formTargets.length).toBeGreaterThanOrEqual(16);
    // Failures are logged on purpose by the code under test: keep the output to the verdict.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const m = r.member ? await currentMember() : null;
        const before = await changes();
        errors.mockClear();
        const { res, url, method } = await send(r, m);
        const written = (await changes()) - before;
        tally.answers[res.status < 300 ? 'ok' : res.status < 400 ? 'redirect' : 'refused']++;
        if (written > 0) tally.writes++;
        const where = `${method} ${url} → ${res.status} ${errors.mock.calls.map((c) => String(c[0])).join(' ').slice(0, 600)}`;
        expect(res.status, where).toBeLessThan(500);
        if (res.status >= 400) expect(written, `rows written by a rejected request: ${where}`).toBe(0);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    vi.restoreAllMocks();
    // The run went past the first validation (some calls succeeded and wrote, which the counter saw).
    expect(tally.answers.ok).toBeGreaterThan(RUNS / 20);
    expect(tally.answers.refused).toBeGreaterThan(RUNS / 2);
    expect(tally.writes).toBeGreaterThan(0);
  });

  it('answers the inputs that once gave 500 with a clear 4xx or the page (long search words, sandbox references, error codes)', async () => {
    const page = async (path: string): Promise<number> => (await send({ ...BASE_REQUEST, target: { kind: 'form', method: 'GET', path } }, null)).res.status;
    for (const word of ['a'.repeat(48), 'a'.repeat(199), 'ا'.repeat(60), '%_\\'.repeat(40)]) {
      expect(await page(`/libraries?q=${encodeURIComponent(word)}`), word).toBe(200);
      expect(await page(`/api/pages/libraries?q=${encodeURIComponent(word)}`), word).toBe(200);
    }
    expect(await page(`/payments/sandbox/${'x'.repeat(5000)}`)).toBe(404);
    expect(await page(`/payments/sandbox/sbx_${'x'.repeat(5000)}`)).toBe(404);
    await env.CACHE.put('sandbox:checkout:sbx_corrupted', '[object Object]');
    expect(await page('/payments/sandbox/sbx_corrupted')).toBe(404);
    await env.CACHE.put('sandbox:checkout:sbx_corrupted', '{"ref":1}');
    expect(await page('/payments/sandbox/sbx_corrupted')).toBe(404);
    for (const code of ['418', '503', 'abc', 'x'.repeat(5000), '']) expect(await page(`/error?code=${encodeURIComponent(code)}`), code).toBe(404);
  });

  it('the change counter sees every kind of write', async () => {
    const start = await changes();
    const user = await registeredUser();
    const afterInsert = await changes();
    expect(afterInsert).toBeGreaterThan(start);
    await env.DB.prepare('UPDATE users SET lang = ? WHERE id = ?').bind('fr', user.id).run();
    expect(await changes()).toBe(afterInsert + 1);
    await env.DB.prepare('DELETE FROM sessions WHERE user_id = ?').bind(user.id).run();
    expect(await changes()).toBeGreaterThan(afterInsert + 1);
  });
});
