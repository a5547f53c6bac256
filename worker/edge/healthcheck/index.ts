import type { Handler } from 'hono';
import pkg from '../../../package.json';
import type { AppEnv } from '../../env';

/** One probe of a binding: resolves when the binding answers, throws (or rejects) otherwise. */
export type HealthCheck = (env: Env) => Promise<unknown>;

export type HealthcheckOptions = {
  /** Reported version; defaults to package.json "version" (0.0.0 when it has none). */
  version?: string;
  /** Named probes, run in parallel; defaults to {@link defaultChecks}. */
  checks?: Record<string, HealthCheck>;
  /** A probe that takes longer fails with `timeout`. */
  timeoutMs?: number;
};

/** Key probed in KV and R2: a missing value is fine, only a thrown error fails. */
const PROBE_KEY = '__healthcheck';

/** D1 `SELECT 1`, a KV read and an R2 `head`, each against the request's bindings. */
export const defaultChecks: Record<string, HealthCheck> = {
  d1: (env) => env.DB.prepare('SELECT 1 AS ok').first(),
  kv: (env) => env.CACHE.get(PROBE_KEY),
  r2: (env) => env.MEDIA.head(PROBE_KEY),
};

export type CheckResult = { status: 'pass'; time: number } | { status: 'fail'; time: number; output: string };

/** The status object of GET /healthcheck (loosely the IETF health-check response format). */
export type HealthReport = {
  status: 'pass' | 'fail';
  version: string;
  checks: Record<string, CheckResult>;
  /** `UNHEALTHY: <failing checks>` when status is fail. */
  message?: string;
};

const packageVersion = (pkg as { version?: unknown }).version;

async function probe(check: HealthCheck, env: Env, timeoutMs: number): Promise<CheckResult> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timeout after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([Promise.resolve().then(() => check(env)), timeout]);
    return { status: 'pass', time: Date.now() - started };
  } catch (error) {
    return { status: 'fail', time: Date.now() - started, output: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /healthcheck (spec §2): runs every probe against the request's bindings and answers the
 * status object, 200 when all pass, 503 naming the failing ones otherwise. Never cached.
 */
export function healthcheck(options: HealthcheckOptions = {}): Handler<AppEnv> {
  const version = options.version ?? (typeof packageVersion === 'string' && packageVersion ? packageVersion : '0.0.0');
  const checks = Object.entries(options.checks ?? defaultChecks);
  const timeoutMs = options.timeoutMs ?? 3000;
  if (checks.length === 0) throw new Error('healthcheck: at least one check is needed');
  if (!(timeoutMs > 0)) throw new Error('healthcheck: timeoutMs must be positive');
  return async function healthcheck(c) {
    const results = await Promise.all(checks.map(async ([name, check]) => [name, await probe(check, c.env, timeoutMs)] as const));
    const failing = results.filter(([, result]) => result.status === 'fail').map(([name]) => name);
    for (const [name, result] of results) {
      if (result.status === 'fail') {
        console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), msg: 'healthcheck failed', check: name, error: result.output }));
      }
    }
    const report: HealthReport = {
      status: failing.length ? 'fail' : 'pass',
      version,
      checks: Object.fromEntries(results),
      ...(failing.length ? { message: `UNHEALTHY: ${failing.join(', ')}` } : {}),
    };
    c.header('Cache-Control', 'no-store');
    return c.json(report, failing.length ? 503 : 200);
  };
}
