import type { Context } from 'hono';
import type { AppEnv } from '../../env';

/**
 * The request's clock: real time, or a test's (the `x-test-now` header) when the TEST_CLOCK binding
 * allows it (tests only), so renewals, vouchers and unlocks can be played over days in a second.
 */
export function now(c: Context<AppEnv>): Date {
  const forced = c.env.TEST_CLOCK === 'true' ? c.req.header('x-test-now') : undefined;
  const at = forced ? new Date(forced) : new Date();
  return Number.isNaN(at.getTime()) ? new Date() : at;
}
