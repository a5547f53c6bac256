import { describe, expect, it, vi } from 'vitest';
import { keptFor, keptReads } from './kept';

describe('kept reads', () => {
  it('read once while the copy is young, again once it is CACHE_TTL_SECONDS old', async () => {
    const store = keptReads<number>();
    const read = vi.fn().mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    const ttl = keptFor({ CACHE_TTL_SECONDS: '30' });
    expect(ttl).toBe(30_000);
    expect(await Promise.all([store.get('k', 0, ttl, read), store.get('k', 10, ttl, read)])).toEqual([1, 1]);
    expect(await store.get('k', 29_999, ttl, read)).toBe(1);
    expect(await store.get('k', 30_000, ttl, read)).toBe(2);
    expect(read).toHaveBeenCalledTimes(2);
    expect(keptFor({ CACHE_TTL_SECONDS: '' })).toBe(60_000);
  });

  it('keep neither a failure nor nothing found', async () => {
    const store = keptReads<number | null>();
    const failing = vi.fn().mockRejectedValueOnce(new Error('D1 busy')).mockResolvedValueOnce(null).mockResolvedValue(3);
    await expect(store.get('k', 0, 60_000, failing)).rejects.toThrow('D1 busy');
    expect(await store.get('k', 1, 60_000, failing)).toBeNull();
    expect(await store.get('k', 2, 60_000, failing)).toBe(3);
    expect(await store.get('k', 3, 60_000, failing)).toBe(3);
    expect(failing).toHaveBeenCalledTimes(3);
  });

  it('keep keys apart, and forget on demand', async () => {
    const store = keptReads<string>();
    const read = vi.fn((key: string) => Promise.resolve(key));
    expect(await store.get('a', 0, 60_000, () => read('a'))).toBe('a');
    expect(await store.get('b', 0, 60_000, () => read('b'))).toBe('b');
    store.forget();
    expect(await store.get('a', 0, 60_000, () => read('a'))).toBe('a');
    expect(read).toHaveBeenCalledTimes(3);
  });
});
