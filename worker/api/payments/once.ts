import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { limiter } from '../../limits';
import { done, refused } from '../kernel/refusals';
import type { Result } from './refusals';

/**
 * A checkout posted twice (a double press, a form sent again) starts once. The page renders a
 * random `attempt` into its form; the first request with it claims it (the limiter's 'checkout-attempt':
 * one claim per attempt), runs, and keeps its answer, or its refusal, for a minute; a repeat waits
 * for that and answers the same. One transaction, one coupon use, one voucher, one SMS.
 */
const KEEP_SECONDS = 60;
const WAIT_STEP_MS = 200;
const WAIT_STEPS = 50;

const Kept = z.union([z.object({ answer: z.unknown() }), z.object({ status: z.number().int().min(400).max(599), body: z.unknown() })]);

/** Where attempts are claimed (the limiter) and their answers kept (KV). */
export type Attempts = { limits: Pick<ReturnType<typeof limiter>, 'consume'>; cache: KVNamespace };

export const attemptsOf = (env: Parameters<typeof limiter>[0] & { CACHE: KVNamespace }): Attempts => ({ limits: limiter(env), cache: env.CACHE });

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function once<T>(attempts: Attempts, key: string, run: () => Promise<T>, parse: (value: unknown) => T): Promise<Result<T, 'PAYMENT_IN_PROGRESS'>> {
  const stored = `attempt:${key}`;
  const claim = await attempts.limits.consume('checkout-attempt', key);
  if (claim.allowed) {
    try {
      const answer = await run();
      await attempts.cache.put(stored, JSON.stringify({ answer }), { expirationTtl: KEEP_SECONDS });
      return done(answer);
    } catch (error) {
      if (error instanceof HTTPException) {
        // A copy: the error's own response is still to be sent (getResponse() would take its body).
        const res = error.res ? error.res.clone() : error.getResponse();
        await attempts.cache.put(stored, JSON.stringify({ status: res.status, body: await res.json().catch(() => ({ status: res.status, message: error.message })) }), { expirationTtl: KEEP_SECONDS });
      }
      throw error;
    }
  }
  for (let step = 0; step < WAIT_STEPS; step++) {
    const kept = Kept.safeParse(await attempts.cache.get(stored, 'json'));
    if (kept.success) {
      if ('answer' in kept.data) return done(parse(kept.data.answer));
      throw new HTTPException(kept.data.status as 400, { res: Response.json(kept.data.body, { status: kept.data.status }) });
    }
    await sleep(WAIT_STEP_MS);
  }
  return refused('PAYMENT_IN_PROGRESS', 'this checkout was already sent');
}
