import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../env';
import { isLocalHost } from '../dev-only';
import { meteredEnv, newMeter, type Meter } from './meter';

/**
 * METERING=true on a local host (the load simulation's server): every request runs on metered
 * bindings (./meter.ts), and `/__metering` answers the counts since the last reset (GET) or resets
 * them (DELETE). One meter per isolate (`wrangler dev` runs the worker and its Durable Objects in
 * one), shared through `meteringEnv` with code that gets its bindings elsewhere (a Durable Object's
 * constructor). Off (and `/__metering` unknown) anywhere else.
 */
export const METERING_PATH = '/__metering';

/** The counts as the simulation reads them: the meter plus the seconds it covers. */
export type MeteringReport = Meter & { seconds: number };

let meter = newMeter(Date.now());

/** `env` metered when METERING is on (a Durable Object has no request host: the var decides), else `env` itself. */
export const meteringEnv = (env: Env): Env => (env.METERING === 'true' ? meteredEnv(meter, env) : env);

export function metering(clock: () => number = Date.now): MiddlewareHandler<AppEnv> {
  return async function metering(c, next) {
    if (c.env.METERING !== 'true' || !isLocalHost(new URL(c.req.url).hostname)) return next();
    if (c.req.path === METERING_PATH) {
      if (c.req.method === 'DELETE') {
        meter = newMeter(clock());
        return c.body(null, 204);
      }
      const report: MeteringReport = { ...meter, seconds: (clock() - meter.since) / 1000 };
      return c.json(report, 200, { 'Cache-Control': 'no-store' });
    }
    c.env = meteredEnv(meter, c.env);
    return next();
  };
}
