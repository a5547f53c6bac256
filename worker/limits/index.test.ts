import { env } from 'cloudflare:workers';
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LIMIT_RULES, limiter, type LimitRule } from './index';
import { objectName } from './names';

// DO storage may be shared between test files: every test uses fresh keys.
const uniqueKey = () => `${crypto.randomUUID()}@test.example`;

/** The DO of (rule, key), for calls that pass an explicit `now` (ms) to move time without sleeping. */
const stubFor = (rule: LimitRule, key: string) => env.LIMITER.get(env.LIMITER.idFromName(objectName(`${rule}:${key}`)));

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('limiter facade', () => {
  it('allows exactly 5 login failures per account, then refuses the 6th for the whole window', async () => {
    const limits = limiter(env);
    const key = uniqueKey();
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      expect(await limits.peek('login-account', key)).toEqual({ allowed: true, remaining: 5 - i, retryAfter: 0 });
      const state = await limits.consume('login-account', key);
      expect(state.allowed).toBe(true);
      expect(state.retryAfter).toBe(0);
      remaining.push(state.remaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);

    const refused = await limits.consume('login-account', key);
    expect(refused.allowed).toBe(false);
    expect(refused.remaining).toBe(0);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(899);
    expect(refused.retryAfter).toBeLessThanOrEqual(900);
    const peeked = await limits.peek('login-account', key);
    expect(peeked.allowed).toBe(false);
    expect(peeked.retryAfter).toBeGreaterThanOrEqual(899);
  });

  it('counts SMS codes down 2, 1, 0 and then refuses until the rolling 24 h frees a slot', async () => {
    const stub = stubFor('code-sms', `+2126${crypto.randomUUID().slice(0, 8)}`);
    const t = Date.now();
    expect(await stub.consume('code-sms', t)).toEqual({ allowed: true, remaining: 2, retryAfter: 0 });
    expect(await stub.consume('code-sms', t + 2 * MINUTE)).toEqual({ allowed: true, remaining: 1, retryAfter: 0 });
    expect(await stub.consume('code-sms', t + 4 * MINUTE)).toEqual({ allowed: true, remaining: 0, retryAfter: 0 });
    // The first send leaves the window 24 h after it was made: 24 h - 6 min from now.
    expect(await stub.consume('code-sms', t + 6 * MINUTE)).toEqual({ allowed: false, remaining: 0, retryAfter: 24 * 3600 - 6 * 60 });
    expect(await stub.consume('code-sms', t + 24 * 60 * MINUTE)).toEqual({ allowed: true, remaining: 0, retryAfter: 0 });
  });

  it('refuses a second code within the minimum interval, with retryAfter ≈ 60, and records nothing', async () => {
    const limits = limiter(env);
    const key = uniqueKey();
    expect(await limits.consume('code-email', key)).toEqual({ allowed: true, remaining: 9, retryAfter: 0 });
    const refused = await limits.consume('code-email', key);
    expect(refused.allowed).toBe(false);
    expect(refused.remaining).toBe(9);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(59);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    expect((await limits.peek('code-email', key)).remaining).toBe(9);
  });

  it('forgets every hit on reset', async () => {
    const limits = limiter(env);
    const key = uniqueKey();
    for (let i = 0; i < 5; i++) await limits.consume('pin', key);
    expect((await limits.peek('pin', key)).allowed).toBe(false);
    await limits.reset('pin', key);
    expect(await limits.peek('pin', key)).toEqual({ allowed: true, remaining: 5, retryAfter: 0 });
    expect((await limits.consume('pin', key)).remaining).toBe(4);
  });

  it('keeps keys and rules independent, and trims keys', async () => {
    const limits = limiter(env);
    const a = uniqueKey();
    const b = uniqueKey();
    for (let i = 0; i < 5; i++) await limits.consume('login-account', a);
    expect((await limits.peek('login-account', a)).allowed).toBe(false);
    expect(await limits.peek('login-account', b)).toEqual({ allowed: true, remaining: 5, retryAfter: 0 });
    expect(await limits.peek('pin', a)).toEqual({ allowed: true, remaining: 5, retryAfter: 0 });
    expect(await limits.peek('login-ip', a)).toEqual({ allowed: true, remaining: 50, retryAfter: 0 });
    expect((await limits.peek('login-account', `  ${a}\n`)).allowed).toBe(false);
  });

  it('is exact under concurrency: 20 simultaneous consumes on a max-5 rule allow exactly 5', async () => {
    const limits = limiter(env);
    const key = uniqueKey();
    const states = await Promise.all(Array.from({ length: 20 }, () => limits.consume('login-account', key)));
    const allowed = states.filter((s) => s.allowed);
    expect(allowed).toHaveLength(5);
    expect(allowed.map((s) => s.remaining).sort()).toEqual([0, 1, 2, 3, 4]);
    for (const s of states.filter((s) => !s.allowed)) {
      expect(s.remaining).toBe(0);
      expect(s.retryAfter).toBeGreaterThanOrEqual(899);
    }
    expect((await limits.peek('login-account', key)).remaining).toBe(0);
  });
});

describe('RateLimiter object', () => {
  it('slides the window: the oldest hit expiring frees exactly one slot', async () => {
    const key = uniqueKey();
    const stub = stubFor('login-account', key);
    const t = Date.now();
    for (let i = 0; i < 5; i++) await stub.consume('login-account', t + i * MINUTE); // t, t+1min … t+4min
    expect(await stub.peek('login-account', t + 15 * MINUTE - 1)).toEqual({ allowed: false, remaining: 0, retryAfter: 1 });
    expect(await stub.consume('login-account', t + 15 * MINUTE)).toEqual({ allowed: true, remaining: 0, retryAfter: 0 });
    // Full again; the next slot opens when the hit made at t+1min expires, 60 s later.
    expect(await stub.consume('login-account', t + 15 * MINUTE)).toEqual({ allowed: false, remaining: 0, retryAfter: 60 });
    // Expired hits are pruned from storage: the log holds the 5 hits of the current window.
    const stored = await runInDurableObject(stub, (_instance, state) => state.storage.kv.get<number[]>('hits'));
    expect(stored).toEqual([1, 2, 3, 4].map((i) => t + i * MINUTE).concat(t + 15 * MINUTE));
    // Once the whole window has passed, every slot is free again.
    expect(await stub.peek('login-account', t + 30 * MINUTE)).toEqual({ allowed: true, remaining: 5, retryAfter: 0 });
  });

  it('reports the minimum interval as retryAfter, rounded up to whole seconds', async () => {
    const stub = stubFor('password-forgot', uniqueKey());
    const t = Date.now();
    await stub.consume('password-forgot', t);
    expect(await stub.consume('password-forgot', t + 30 * SECOND + 1)).toEqual({ allowed: false, remaining: 2, retryAfter: 30 });
    expect(await stub.consume('password-forgot', t + MINUTE)).toEqual({ allowed: true, remaining: 1, retryAfter: 0 });
    expect(await stub.consume('password-forgot', t + 2 * MINUTE)).toEqual({ allowed: true, remaining: 0, retryAfter: 0 });
    // Window full (3 per hour): wait for the first reset request to leave the hour.
    expect(await stub.consume('password-forgot', t + 10 * MINUTE)).toEqual({ allowed: false, remaining: 0, retryAfter: 50 * 60 });
  });

  it('keeps counts across an eviction (state lives in storage, not memory)', async () => {
    const stub = stubFor('door', uniqueKey());
    const t = Date.now();
    for (let i = 0; i < 10; i++) await stub.consume('door', t);
    await evictDurableObject(stub);
    expect(await stub.consume('door', t + SECOND)).toEqual({ allowed: false, remaining: 0, retryAfter: 15 * 60 - 1 });
  });

  it('schedules a cleanup one window after the newest hit, which leaves no storage behind', async () => {
    const stub = stubFor('pin', uniqueKey());
    const t = Date.now();
    await stub.consume('pin', t);
    await stub.consume('pin', t + MINUTE);
    const alarm = await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());
    expect(alarm).toBe(t + MINUTE + LIMIT_RULES.pin.windowSeconds * 1000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const keys = await runInDurableObject(stub, (_instance, state) => [...state.storage.kv.list()].length);
    expect(keys).toBe(0);
  });

  it('rejects an unknown rule', async () => {
    const stub = stubFor('pin', uniqueKey());
    // Called inside the object so that the error does not cross the RPC boundary (workerd would log it).
    const error = await runInDurableObject(stub, (instance) =>
      instance.peek('nope' as LimitRule).then(
        () => '',
        (e: unknown) => String(e),
      ),
    );
    expect(error).toMatch(/Unknown limit rule: nope/);
  });
});
