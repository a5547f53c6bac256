/**
 * Exact rate limits (login failures, password resets, verification codes, door key, PIN tries).
 *
 * Why a Durable Object: each (rule, key) pair gets its own instance (`idFromName("rule:key")`), which
 * runs single-threaded and owns its storage. A consume is one synchronous read-check-write, so
 * concurrent requests are counted exactly: no races, and no eventual consistency as with KV
 * (where two edges could both read "4 hits" and both allow a 5th). The 6th login attempt is
 * refused, always.
 *
 * Storage: a sliding-window log, i.e. the timestamps (ms) of the consumed hits, kept under one key of
 * the DO's synchronous SQLite-backed KV (`ctx.storage.kv`). Hits older than the window are pruned on
 * every call, and an alarm wipes the whole object once its newest hit has expired, so idle keys
 * leave nothing behind.
 *
 * Callers use the `limiter(env)` facade, never the stub directly.
 */
import { DurableObject } from 'cloudflare:workers';

export type LimitRuleConfig = {
  /** Hits allowed inside the window. */
  max: number;
  /** Length of the sliding window. */
  windowSeconds: number;
  /** Minimum gap between two consumed hits (e.g. no second SMS within a minute). */
  minIntervalSeconds?: number;
};

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Named rules. The key each rule is counted by is noted; callers lower-case emails themselves. */
export const LIMIT_RULES = {
  /** Failed logins per account (lower-cased email or phone): the 6th attempt is refused. */
  'login-account': { max: 5, windowSeconds: 15 * MINUTE },
  /**
   * Failed logins per IP, across accounts. Generous: Moroccan mobile operators put many
   * subscribers behind one carrier-grade NAT address.
   */
  'login-ip': { max: 50, windowSeconds: 15 * MINUTE },
  /** Password reset requests per account. */
  'password-forgot': { max: 3, windowSeconds: HOUR, minIntervalSeconds: MINUTE },
  /** Verification SMS per phone number, rolling 24 h (callers show `remaining`). */
  // Spec §9: SMS codes: maximum 3 per day.
  'code-sms': { max: 3, windowSeconds: 24 * HOUR, minIntervalSeconds: MINUTE },
  /**
   * Verification SMS per sending address, per device and for the whole service, each an hour: one
   * visitor cannot pump SMS to many numbers (SMS cost money), and the global cap bounds the bill.
   * Per address is generous for the same carrier-grade NAT reason as logins.
   */
  'code-sms-ip': { max: 20, windowSeconds: HOUR },
  /** Of those, SMS to numbers never seen (no account has verified them) per sending address: pumping sends to fresh numbers. */
  'code-sms-ip-new': { max: 8, windowSeconds: HOUR },
  'code-sms-device': { max: 5, windowSeconds: HOUR },
  'code-sms-global': { max: 1000, windowSeconds: HOUR },
  /** Verification emails per email address, rolling 24 h. */
  'code-email': { max: 10, windowSeconds: 24 * HOUR, minIntervalSeconds: MINUTE },
  /** Wrong door-key attempts per IP. */
  door: { max: 10, windowSeconds: 15 * MINUTE },
  /** PIN tries per profile id. */
  pin: { max: 5, windowSeconds: 15 * MINUTE },
  /** Contact form messages (worker/api/contact) per email (lower-cased) and per sending address, counted before anything is stored or sent. */
  'contact-email': { max: 3, windowSeconds: HOUR },
  'contact-ip': { max: 5, windowSeconds: HOUR },
  /** "Was this helpful?" votes per address and article a day: a reader may change their mind, a script cannot stuff the counts. */
  'help-vote': { max: 3, windowSeconds: 24 * HOUR },
  /** TV sign-in (RFC 8628 §5.1): device codes asked per address, so nobody fills the table. */
  'device-code-ip': { max: 30, windowSeconds: HOUR },
  /**
   * TV sign-in: user codes typed per account and per address (many accounts behind one address),
   * counted before the check (a right code gives its try back), so codes cannot be guessed.
   */
  'device-link': { max: 10, windowSeconds: 15 * MINUTE },
  'device-link-ip': { max: 20, windowSeconds: 15 * MINUTE },
  /**
   * Sales agents' customer look-ups (every one counts: each reads a customer) per agent and per
   * address, so an agent's account cannot be used to walk through the customers; generous for a busy counter.
   */
  'agent-lookup': { max: 40, windowSeconds: 15 * MINUTE },
  'agent-lookup-ip': { max: 80, windowSeconds: 15 * MINUTE },
  /**
   * Library card sign-in (issue 17): tries per card for the one trying (library, card number and
   * account: a stranger's wrong PINs never lock the patron out), per account (any card) and per
   * address (many accounts, sequential card numbers), counted before the library is asked (a right
   * card and PIN gives its tries back), so PINs cannot be guessed or sprayed; wrong ones answer
   * "library card and password combination not found". Per address is generous: a library's own
   * network puts its patrons behind one address, and only wrong tries stay counted.
   */
  // Library card 5 wrong PINs → 429 TOO_MANY_ATTEMPTS: the PIN lock, 5 tries in 15 minutes (worker/api/libraries/routes.ts).
  'library-card': { max: 5, windowSeconds: 15 * MINUTE },
  'library-card-account': { max: 5, windowSeconds: 15 * MINUTE },
  'library-card-ip': { max: 20, windowSeconds: HOUR },
  /**
   * Ads (worker/api/partners): one impression and one click per visitor and ad a day. The key is the
   * ad and a keyed hash of the visitor's address and browser (nothing personal stored), and the
   * object is wiped when its window ends.
   */
  'ad-impression': { max: 1, windowSeconds: 24 * HOUR },
  'ad-click': { max: 1, windowSeconds: 24 * HOUR },
  /**
   * Coupon codes looked up or redeemed, per account and per sending address, counted before the code is
   * checked (a code that works gives its try back), so codes cannot be guessed. Per address is generous
   * for the same carrier-grade NAT reason as logins: a wrong code is rare for a real person.
   */
  'coupon-account': { max: 10, windowSeconds: HOUR },
  'coupon-ip': { max: 60, windowSeconds: HOUR },
  /**
   * Accounts created per address an hour: generous for a shared address (carrier-grade NAT, a
   * university), tight for a script. The REGISTRATIONS_PER_ADDRESS_HOUR setting can raise it (the
   * browser tests register every account from 127.0.0.1).
   */
  'register-ip': { max: 20, windowSeconds: HOUR },
  /**
   * Event orders opened per address during one 10-minute seat hold, counted before the seats are held:
   * with one open order per show and account (worker/api/events/orders.ts), nobody keeps a show sold
   * out with unpaid orders. Generous for a shared address.
   */
  'event-order-ip': { max: 20, windowSeconds: 10 * MINUTE },
  /** A checkout's `attempt` (worker/api/payments/once.ts): claimed once, so a form posted twice starts one checkout. */
  'checkout-attempt': { max: 1, windowSeconds: 10 * MINUTE },
  /** E-tickets: short codes typed at the door per staff account (issue 17; every typed code counts), so codes cannot be guessed. */
  'eticket-code': { max: 60, windowSeconds: 15 * MINUTE },
  /** The console's second factor (issue 32): codes typed per staff account, counted before the check; a good code gives its try back. */
  'staff-code': { max: 5, windowSeconds: 15 * MINUTE },
} as const satisfies Record<string, LimitRuleConfig>;

export type LimitRule = keyof typeof LIMIT_RULES;

/** `retryAfter`: whole seconds (rounded up) until the next hit would be allowed; 0 when allowed. */
export type LimitState = { allowed: boolean; remaining: number; retryAfter: number };

const HITS = 'hits';

function ruleConfig(rule: LimitRule): LimitRuleConfig {
  if (!Object.hasOwn(LIMIT_RULES, rule)) throw new Error(`Unknown limit rule: ${String(rule)}`);
  return LIMIT_RULES[rule];
}

/** One instance per (rule, key). `now` (ms) is only for tests; production calls use the clock. */
export class RateLimiter extends DurableObject<Env> {
  /** Records a hit if allowed (remaining counts this hit); when refused, records nothing. `max`: a configured bound instead of the rule's. */
  async consume(rule: LimitRule, now: number = Date.now(), max?: number): Promise<LimitState> {
    const config = { ...ruleConfig(rule), ...(max !== undefined && Number.isInteger(max) && max > 0 ? { max } : {}) };
    const hits = this.liveHits(config, now);
    const state = evaluate(config, hits, now);
    if (!state.allowed) return state;

    hits.push(now);
    this.ctx.storage.kv.put(HITS, hits);
    // Everything has expired one window after the newest hit: the alarm then wipes the object.
    await this.ctx.storage.setAlarm(now + config.windowSeconds * 1000);
    return { allowed: true, remaining: state.remaining - 1, retryAfter: 0 };
  }

  /** The state a consume would meet now, without recording anything. */
  async peek(rule: LimitRule, now: number = Date.now()): Promise<LimitState> {
    const config = ruleConfig(rule);
    return evaluate(config, this.liveHits(config, now), now);
  }

  /**
   * Gives one hit back: an attempt counted before its check that turned out right (the right door
   * key, a good login from a shared address). Any one hit of the window: the count is what matters.
   */
  async release(rule: LimitRule, now: number = Date.now()): Promise<void> {
    const hits = this.liveHits(ruleConfig(rule), now);
    hits.pop();
    if (hits.length > 0) this.ctx.storage.kv.put(HITS, hits);
    else this.ctx.storage.kv.delete(HITS);
  }

  /** Forgets every hit (e.g. after a successful login). */
  async reset(): Promise<void> {
    await this.ctx.storage.deleteAll();
    await this.ctx.storage.deleteAlarm();
  }

  /** Set one window after the newest hit, so every hit has expired: leave no storage behind. */
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }

  /** Hits still inside the window, oldest first; prunes the stored log when some have expired. */
  private liveHits(config: LimitRuleConfig, now: number): number[] {
    const stored = this.ctx.storage.kv.get<number[]>(HITS) ?? [];
    const since = now - config.windowSeconds * 1000;
    const live = stored.filter((at) => at > since);
    if (live.length !== stored.length) {
      if (live.length > 0) this.ctx.storage.kv.put(HITS, live);
      else this.ctx.storage.kv.delete(HITS);
    }
    return live;
  }
}

/** Allowed when the window has room and the minimum interval since the last hit has passed. */
function evaluate(config: LimitRuleConfig, hits: number[], now: number): LimitState {
  const remaining = Math.max(0, config.max - hits.length);
  let waitMs = 0;
  const oldest = hits[0];
  if (remaining === 0 && oldest !== undefined) {
    waitMs = Math.max(waitMs, oldest + config.windowSeconds * 1000 - now);
  }
  const last = hits.at(-1);
  if (config.minIntervalSeconds && last !== undefined) {
    waitMs = Math.max(waitMs, last + config.minIntervalSeconds * 1000 - now);
  }
  if (waitMs <= 0) return { allowed: true, remaining, retryAfter: 0 };
  return { allowed: false, remaining, retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * Consumes one hit of every (rule, key) at once; when any refuses, the hits the others took are
 * given back, so a refused attempt costs nothing. Answers each state, in order.
 */
export async function consumeAll(env: Env, checks: readonly (readonly [LimitRule, string])[]): Promise<{ allowed: boolean; states: LimitState[]; retryAfter: number }> {
  const limits = limiter(env);
  const states = await Promise.all(checks.map(([rule, key]) => limits.consume(rule, key)));
  const refused = states.filter((state) => !state.allowed);
  if (refused.length === 0) return { allowed: true, states, retryAfter: 0 };
  await Promise.all(checks.map(([rule, key], i) => (states[i]?.allowed ? limits.release(rule, key) : null)));
  return { allowed: false, states, retryAfter: Math.max(...refused.map((state) => state.retryAfter)) };
}

/** The counts of every rule, as business functions receive them (`limiter(env)`). */
export type Limiter = ReturnType<typeof limiter>;

/** The typed facade callers import. Keys are trimmed; callers lower-case emails themselves. */
export function limiter(env: Env): {
  consume(rule: LimitRule, key: string, max?: number): Promise<LimitState>;
  peek(rule: LimitRule, key: string): Promise<LimitState>;
  release(rule: LimitRule, key: string): Promise<void>;
  reset(rule: LimitRule, key: string): Promise<void>;
} {
  const stub = (rule: LimitRule, key: string) =>
    env.LIMITER.get(env.LIMITER.idFromName(`${rule}:${key.trim()}`));
  return {
    consume: async (rule, key, max) => {
      const { allowed, remaining, retryAfter } = await stub(rule, key).consume(rule, Date.now(), max);
      return { allowed, remaining, retryAfter };
    },
    peek: async (rule, key) => {
      const { allowed, remaining, retryAfter } = await stub(rule, key).peek(rule);
      return { allowed, remaining, retryAfter };
    },
    release: async (rule, key) => {
      await stub(rule, key).release(rule);
    },
    reset: async (rule, key) => {
      await stub(rule, key).reset();
    },
  };
}
