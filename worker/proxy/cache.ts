import { z } from 'zod';

/**
 * Paths whose GET answers are cached in KV, for everyone, with the query parameters that change
 * their answer: the cache key is built from these only (sorted), so `?utm_source=…` and the like
 * never add keys.
 */
const SHARED: Record<string, readonly string[]> = {
  '/configs': ['lang'],
  '/pages/menu': ['lang'],
  '/pages/ratings': ['lang'],
};
/**
 * Cached for guests only: the answer depends on the viewer (spec §5 Age restriction filter), so a
 * logged-in caller (a token at the point of decision) always goes to the API. The notifications
 * category (the bell) is not cached: a stale copy would make the bell's count and the list it
 * opens disagree right after a title is announced.
 */
const GUESTS_ONLY: Record<string, readonly string[]> = { '/pages/navigation': ['lang'] };
/** A stale copy is kept this long to serve when the upstream fails. */
const KEEP_SECONDS = 7 * 24 * 3600;
/** KV refuses keys over 512 bytes: a longer key is not cached (the call goes upstream, uncached). */
export const MAX_KEY_BYTES = 512;

const cachedPath = (pathname: string): string => pathname.replace(/\/$/, '');

/** The query parameters that key the cache for `pathname`, or undefined when it is not cached. */
function keyedBy(pathname: string, loggedIn: boolean): readonly string[] | undefined {
  const path = cachedPath(pathname);
  return Object.hasOwn(SHARED, path) ? SHARED[path] : !loggedIn && Object.hasOwn(GUESTS_ONLY, path) ? GUESTS_ONLY[path] : undefined;
}

/** Whether a GET of `pathname` is served from KV; `loggedIn`: the call carries the visitor's token. */
export function isCacheable(pathname: string, loggedIn: boolean): boolean {
  return keyedBy(pathname, loggedIn) !== undefined;
}

/**
 * The KV key of a cacheable URL: its path and its allowed parameters only, sorted; null when the
 * path is not cached or the key would be longer than MAX_KEY_BYTES.
 */
export function cacheKey(url: URL, loggedIn = false): string | null {
  const params = keyedBy(url.pathname, loggedIn);
  if (!params) return null;
  const query = [...url.searchParams].filter(([name]) => params.includes(name)).sort(([a, av], [b, bv]) => a.localeCompare(b) || av.localeCompare(bv));
  const key = `api:${cachedPath(url.pathname)}?${new URLSearchParams(query)}`;
  return new TextEncoder().encode(key).byteLength <= MAX_KEY_BYTES ? key : null;
}

/** A stored answer, checked when read back: anything else in KV is a miss. */
const Entry = z.object({ body: z.string(), contentType: z.string(), storedAt: z.number().int().nonnegative() });
type Entry = z.infer<typeof Entry>;

const answer = (entry: Entry, state: 'HIT' | 'STALE' | 'MISS'): Response =>
  new Response(entry.body, { status: 200, headers: { 'Content-Type': entry.contentType, 'X-Cache': state } });

async function store(env: Pick<Env, 'CACHE'>, key: string, res: Response, now: number): Promise<Entry> {
  const entry: Entry = { body: await res.text(), contentType: res.headers.get('Content-Type') ?? 'application/json', storedAt: now };
  await env.CACHE.put(key, JSON.stringify(entry), { expirationTtl: KEEP_SECONDS });
  return entry;
}

/**
 * Reads the entry under `key`. One that does not parse, has the wrong shape or a `storedAt` in the
 * future is a miss: it is deleted and logged, so one bad entry never takes pages down.
 */
async function read(env: Pick<Env, 'CACHE'>, key: string, now: number): Promise<Entry | null> {
  const text = await env.CACHE.get(key, 'text');
  if (text === null) return null;
  let problem: string;
  try {
    const parsed = Entry.safeParse(JSON.parse(text));
    if (parsed.success && parsed.data.storedAt <= now) return parsed.data;
    problem = parsed.success ? 'storedAt in the future' : parsed.error.issues.map((i) => `${i.path.join('.') || 'entry'}: ${i.message}`).join('; ');
  } catch (error) {
    problem = `not JSON: ${String(error)}`;
  }
  console.warn(JSON.stringify({ level: 'warn', msg: 'bad cache entry dropped', key, problem }));
  await env.CACHE.delete(key);
  return null;
}

/**
 * Stale-while-revalidate over KV: a fresh copy (younger than CACHE_TTL_SECONDS) is served as is;
 * an older one is served at once while `ctx.waitUntil` refreshes it; a miss goes upstream.
 * A failing upstream (network error or 5xx) serves the last good copy when there is one.
 * A URL without a key (cacheKey: too long) goes upstream uncached. `now`: the time in ms.
 */
export async function cachedFetch(
  env: Pick<Env, 'CACHE' | 'CACHE_TTL_SECONDS'>,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  url: URL,
  send: () => Promise<Response>,
  now: number,
  loggedIn = false,
): Promise<Response> {
  const key = cacheKey(url, loggedIn);
  if (key === null) return send();
  const ttlMs = Number(env.CACHE_TTL_SECONDS || 60) * 1000;
  const cached = await read(env, key, now);
  if (cached && now - cached.storedAt < ttlMs) return answer(cached, 'HIT');
  if (cached) {
    ctx.waitUntil(
      send()
        .then((res) => (res.ok ? store(env, key, res, now) : undefined))
        .catch((error: unknown) => console.warn(JSON.stringify({ level: 'warn', msg: 'revalidate failed', key, error: String(error) }))),
    );
    return answer(cached, 'STALE');
  }
  const res = await send();
  if (res.ok) return answer(await store(env, key, res, now), 'MISS');
  return res;
}
