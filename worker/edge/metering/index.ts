import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../env';
import { isLocalHost } from '../dev-only';
import { currentMeter, meteringEnv, resetMeter, type Meter } from '../../metering/meter';

/**
 * METERING=true on a local host (the load simulation's server): every request runs on metered
 * bindings (./meter.ts), and `/__metering` answers the counts since the last reset (GET) or resets
 * them (DELETE), from the isolate's one meter (worker/metering/meter.ts, which the Durable Objects
 * count into as well). Off (and `/__metering` unknown) anywhere else.
 */
export const METERING_PATH = '/__metering';

/** The counts as the simulation reads them: the meter plus the seconds it covers. */
export type MeteringReport = Meter & { seconds: number };

export function metering(clock: () => number = Date.now): MiddlewareHandler<AppEnv> {
  return async function metering(c, next) {
    if (c.env.METERING !== 'true' || !isLocalHost(new URL(c.req.url).hostname)) return next();
    if (c.req.path === METERING_PATH) {
      if (c.req.method === 'DELETE') {
        resetMeter(clock());
        return c.body(null, 204);
      }
      const meter = currentMeter();
      const report: MeteringReport = { ...meter, seconds: (clock() - meter.since) / 1000 };
      return c.json(report, 200, { 'Cache-Control': 'no-store' });
    }
    c.env = meteringEnv(c.env);
    return next();
  };
}
