/** Paths whose GET answers are cached in KV per URL (they change rarely, every page needs them), for everyone. */
const SHARED = new Set(['/configs', '/pages/menu', '/pages/ratings']);
/**
 * Cached for guests only: the answer depends on the viewer (spec §5 Age restriction filter), so a
 * logged-in caller (a token at the point of decision) always goes to the API. The notifications
 * category (the bell) is not cached: a stale copy would make the bell's count and the list it
 * opens disagree right after a title is announced.
 */
const GUESTS_ONLY = new Set(['/pages/navigation']);
/** A stale copy is kept this long to serve when the upstream fails. */
const KEEP_SECONDS = 7 * 24 * 3600;

/** Whether a GET of `pathname` is served from KV; `loggedIn`: the call carries the visitor's token. */
export function isCacheable(pathname: string, loggedIn: boolean): boolean {
  const path = pathname.replace(/\/$/, '');
  return SHARED.has(path) || (!loggedIn && GUESTS_ONLY.has(path));
}

type Entry = { body: string; contentType: string; storedAt: number };

const cacheKey = (url: URL): string => {
  const query = [...url.searchParams].sort(([a], [b]) => a.localeCompare(b));
  return `api:${url.pathname}?${new URLSearchParams(query)}`;
};

const answer = (entry: Entry, state: 'HIT' | 'STALE' | 'MISS'): Response =>
  new Response(entry.body, { status: 200, headers: { 'Content-Type': entry.contentType, 'X-Cache': state } });

async function store(env: Pick<Env, 'CACHE'>, key: string, res: Response): Promise<Entry> {
  const entry: Entry = { body: await res.text(), contentType: res.headers.get('Content-Type') ?? 'application/json', storedAt: Date.now() };
  await env.CACHE.put(key, JSON.stringify(entry), { expirationTtl: KEEP_SECONDS });
  return entry;
}

/**
 * Stale-while-revalidate over KV: a fresh copy (younger than CACHE_TTL_SECONDS) is served as is;
 * an older one is served at once while `ctx.waitUntil` refreshes it; a miss goes upstream.
 * A failing upstream (network error or 5xx) serves the last good copy when there is one.
 */
export async function cachedFetch(
  env: Pick<Env, 'CACHE' | 'CACHE_TTL_SECONDS'>,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  url: URL,
  send: () => Promise<Response>,
): Promise<Response> {
  const key = cacheKey(url);
  const ttlMs = Number(env.CACHE_TTL_SECONDS || 60) * 1000;
  const cached = await env.CACHE.get<Entry>(key, 'json');
  if (cached && Date.now() - cached.storedAt < ttlMs) return answer(cached, 'HIT');
  if (cached) {
    ctx.waitUntil(
      send()
        .then((res) => (res.ok ? store(env, key, res) : undefined))
        .catch((error: unknown) => console.warn(JSON.stringify({ level: 'warn', msg: 'revalidate failed', key, error: String(error) }))),
    );
    return answer(cached, 'STALE');
  }
  const res = await send();
  if (res.ok) return answer(await store(env, key, res), 'MISS');
  return res;
}
