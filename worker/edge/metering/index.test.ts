import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import app from '../../index';
import type { MeteringReport } from '.';
import { countQuery, isWrite, meteredD1, meteredKv, meteredNamespace, newMeter, tableOf } from '../../metering/meter';

// DEV_OUTBOX off: a public hostname then reaches the app (with it on, worker/edge/dev-only answers 503 first).
const request = (url: string, metering: 'true' | 'false', init: RequestInit = {}) => app.request(url, init, { ...env, METERING: metering, DEV_OUTBOX: 'false' }, createExecutionContext());

describe('the meter', () => {
  it('tells writes from reads and names the table', () => {
    expect(isWrite('SELECT * FROM users')).toBe(false);
    expect(isWrite('  insert into actions (a) values (1)')).toBe(true);
    expect(isWrite('WITH x AS (SELECT 1) UPDATE users SET a = 1')).toBe(true);
    expect(isWrite('WITH x AS (SELECT 1) SELECT * FROM x')).toBe(false);
    expect(tableOf('SELECT c.id FROM contents c JOIN x')).toBe('contents');
    expect(tableOf('INSERT INTO ad_stats (a) VALUES (1)')).toBe('ad_stats');
    expect(tableOf('UPDATE "users" SET a = 1')).toBe('users');
    expect(tableOf('SELECT 1')).toBe('?');
  });

  it('counts the same write repeated as one hot row', () => {
    const meter = newMeter(0);
    for (let i = 0; i < 3; i++) countQuery(meter, 'UPDATE ads SET n = n + 1 WHERE id = ?', [7]);
    countQuery(meter, 'UPDATE ads SET n = n + 1 WHERE id = ?', [8]);
    expect(meter.d1.writes).toBe(4);
    expect(Object.values(meter.repeatedWrites).toSorted((a, b) => b - a)).toEqual([3, 1]);
  });

  it('counts D1 queries (single and batched, with their rows), KV reads and writes, Durable Object calls, and answers as the bindings do', async () => {
    const meter = newMeter(0);
    const db = meteredD1(meter, env.DB);
    await db.prepare('CREATE TABLE IF NOT EXISTS meter_probe (id INTEGER PRIMARY KEY, n INTEGER)').run();
    await db.prepare('INSERT INTO meter_probe (id, n) VALUES (?1, ?2)').bind(1, 10).run();
    expect(await db.prepare('SELECT n FROM meter_probe WHERE id = ?1').bind(1).first<{ n: number }>()).toEqual({ n: 10 });
    const [read, write] = await db.batch([db.prepare('SELECT n FROM meter_probe'), db.prepare('UPDATE meter_probe SET n = n + 1 WHERE id = 1')]);
    expect(read?.results).toEqual([{ n: 10 }]);
    expect(write?.meta.changes).toBe(1);
    expect(meter.d1).toMatchObject({ reads: 2, writes: 3 });
    expect(meter.d1.byTable.meter_probe).toEqual({ reads: 2, writes: 2 });
    expect(meter.d1.rowsWritten).toBeGreaterThanOrEqual(2);

    const kv = meteredKv(meter, env.CACHE);
    await kv.put('meter-probe', 'x');
    expect(await kv.get('meter-probe')).toBe('x');
    expect(meter.kv).toEqual({ reads: 1, writes: 1 });

    const streams = meteredNamespace(meter, 'STREAMS', env.STREAMS);
    const stub = streams.get(streams.idFromName('meter-probe'));
    expect((await stub.start('a.1', 2)).allowed).toBe(true);
    await stub.heartbeat('a.1', 2);
    expect(meter.durableObjects).toEqual({ STREAMS: 2 });
  });
});

describe('/__metering', () => {
  it('counts the requests of a local server with METERING on, and resets', async () => {
    expect((await request('http://localhost:8787/__metering', 'true', { method: 'DELETE' })).status).toBe(204);
    expect((await request('http://localhost:8787/api/pages/menu?lang=en', 'true')).status).toBe(200);
    const report = (await (await request('http://localhost:8787/__metering', 'true')).json()) as MeteringReport;
    expect(report.d1.reads + report.kv.reads).toBeGreaterThan(0);
    expect(report.seconds).toBeGreaterThanOrEqual(0);
  });

  it('does not exist when METERING is off, nor on a public hostname', async () => {
    expect((await request('http://localhost:8787/__metering', 'false')).status).toBe(404);
    expect((await request('https://tafrij.ma/__metering', 'true')).status).toBe(404);
  });
});
