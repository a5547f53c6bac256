/**
 * Per-isolate copies of reads that every request makes and that only operators change (the config
 * rows, the plans on sale, the categories): each is kept CACHE_TTL_SECONDS (60 s by default, as long
 * as the proxy's KV copies of GET /configs and /pages/menu), so a change shows within that time.
 * Never for anything about a visitor. A failed read, or one that found nothing, is not kept.
 */

/** How long a copy is kept (ms): the CACHE_TTL_SECONDS setting. */
export const keptFor = (env: Pick<Env, 'CACHE_TTL_SECONDS'>): number => Number(env.CACHE_TTL_SECONDS || 60) * 1000;

/** At most this many copies per store (keys can come from URLs): past it, the store starts again. */
const MAX_ENTRIES = 1_000;

export type KeptReads<T> = {
  /** The copy under `key` while younger than `ttlMs` at `now` (ms), else `read()` (kept from now on). */
  get(key: string, now: number, ttlMs: number, read: () => Promise<T>): Promise<T>;
  /** Drops every copy (tests that change what was read). */
  forget(): void;
};

export function keptReads<T>(): KeptReads<T> {
  const entries = new Map<string, { until: number; read: Promise<T> }>();
  return {
    get(key, now, ttlMs, read) {
      const known = entries.get(key);
      if (known && now < known.until) return known.read;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const entry = { until: now + ttlMs, read: read() };
      entries.set(key, entry);
      const drop = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      entry.read.then((value) => (value === null || value === undefined ? drop() : undefined), drop);
      return entry.read;
    },
    forget: () => entries.clear(),
  };
}
