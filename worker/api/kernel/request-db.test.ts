import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { BOOKMARK, catchUp, FIRST_READ, primaryOf, remember, requestDb } from './request-db';

/** The request's D1 session (Sessions API) and the reads it remembers. */

const one = (db: D1Database) => db.prepare('SELECT 1 AS n').first<{ n: number }>();

describe('a request’s database', () => {
  it('runs on a D1 session from the visitor’s bookmark, and hands back a newer one', async () => {
    const spy = vi.spyOn(env.DB, 'withSession');
    try {
      const first = requestDb(env.DB, null);
      expect(first.bookmark()).toBeNull();
      await one(first.db);
      const after = first.bookmark();
      expect(after).toMatch(BOOKMARK);
      expect(spy).toHaveBeenLastCalledWith(FIRST_READ);

      const next = requestDb(env.DB, after);
      expect(spy).toHaveBeenLastCalledWith(after);
      await next.db.batch([next.db.prepare('SELECT 1'), next.db.prepare('SELECT 2')]);
      expect((next.bookmark() ?? '') >= (after ?? '')).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('ignores a bookmark that is not one (the session starts unconstrained)', () => {
    const spy = vi.spyOn(env.DB, 'withSession');
    try {
      for (const bad of ['garbage', 'first-primary', '', '00000000-0000002a-;drop']) {
        requestDb(env.DB, bad);
        expect(spy).toHaveBeenLastCalledWith(FIRST_READ);
      }
    } finally {
      spy.mockRestore();
    }
  });

  it('reads its own writes in the same session', async () => {
    const { db, wrote } = requestDb(env.DB, null);
    await db.prepare('CREATE TABLE IF NOT EXISTS request_db_probe (id INTEGER PRIMARY KEY, n INTEGER)').run();
    const id = Math.floor(Math.random() * 1e9);
    await db.prepare('INSERT INTO request_db_probe (id, n) VALUES (?1, 1)').bind(id).run();
    expect(wrote()).toBe(true);
    expect(await db.prepare('SELECT n FROM request_db_probe WHERE id = ?1').bind(id).first()).toEqual({ n: 1 });
  });

  it('tells reads from writes by their verb (a WITH … SELECT reads)', () => {
    const made = requestDb(env.DB, null);
    made.db.prepare('  SELECT 1');
    made.db.prepare('WITH page AS (SELECT 1 AS n) SELECT n FROM page');
    expect(made.wrote()).toBe(false);
    made.db.prepare('WITH old AS (SELECT 1 AS n) DELETE FROM request_db_probe WHERE id IN (SELECT n FROM old)');
    expect(made.wrote()).toBe(true);
    const other = requestDb(env.DB, null);
    other.db.prepare('INSERT INTO request_db_probe (id, n) VALUES (1, 1)');
    expect(other.wrote()).toBe(true);
  });

  it('keeps the binding at hand for the reads that must come from the primary', () => {
    const made = requestDb(env.DB, null);
    expect(primaryOf(made.db)).toBe(env.DB);
    expect(primaryOf(env.DB)).toBe(env.DB);
  });

  it('falls back to the binding itself where D1 has no sessions (no bookmark comes back)', async () => {
    const binding = { prepare: env.DB.prepare.bind(env.DB), batch: env.DB.batch.bind(env.DB) } as unknown as D1Database;
    const made = requestDb(binding, '00000000-0000002a-00000000-00000000000000000000000000000000');
    expect(await one(made.db)).toEqual({ n: 1 });
    expect(made.bookmark()).toBeNull();
    catchUp(made.db, '00000000-0000002b-00000000-00000000000000000000000000000000');
    expect(await one(made.db)).toEqual({ n: 1 });
  });
});

describe('remembered reads', () => {
  it('run once per request for a key, and again after the request writes', async () => {
    const { db } = requestDb(env.DB, null);
    const read = vi.fn(() => one(db));
    await Promise.all([remember(db, 'k', read), remember(db, 'k', read)]);
    await remember(db, 'k', read);
    expect(read).toHaveBeenCalledTimes(1);
    await remember(db, 'other', read);
    expect(read).toHaveBeenCalledTimes(2);
    db.prepare("UPDATE config SET value = value WHERE key = 'none'");
    await remember(db, 'k', read);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('are never shared between requests, nor kept on the binding itself', async () => {
    const a = requestDb(env.DB, null).db;
    const b = requestDb(env.DB, null).db;
    const read = vi.fn(() => Promise.resolve(1));
    await remember(a, 'k', read);
    await remember(b, 'k', read);
    await remember(env.DB, 'k', read);
    await remember(env.DB, 'k', read);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('forget a failed read', async () => {
    const { db } = requestDb(env.DB, null);
    const read = vi.fn().mockRejectedValueOnce(new Error('D1 busy')).mockResolvedValue(2);
    await expect(remember(db, 'k', read)).rejects.toThrow('D1 busy');
    await expect(remember(db, 'k', read)).resolves.toBe(2);
  });
});

describe('catching up with another writer', () => {
  it('moves the session to a later bookmark and forgets what was remembered', async () => {
    const spy = vi.spyOn(env.DB, 'withSession');
    try {
      const { db, bookmark } = requestDb(env.DB, null);
      await one(db);
      const now = bookmark() ?? '';
      const read = vi.fn(() => Promise.resolve(1));
      await remember(db, 'k', read);
      // Another writer's later bookmark: the session starts again from it.
      const writer = env.DB.withSession('first-primary');
      await writer.prepare('SELECT 1').first();
      const later = writer.getBookmark() ?? '';
      expect(later > now).toBe(true);
      catchUp(db, later);
      expect(spy).toHaveBeenLastCalledWith(later);
      await remember(db, 'k', read);
      expect(read).toHaveBeenCalledTimes(2);
      // An older one (or none) changes nothing.
      const calls = spy.mock.calls.length;
      catchUp(db, now);
      catchUp(db, null);
      expect(spy.mock.calls.length).toBe(calls);
    } finally {
      spy.mockRestore();
    }
  });
});
