import { z } from 'zod';
import { listVar } from '../../env';
import { activePlans } from '../payments/plans';
import { Config } from './schemas';
import type { Plan } from '../payments/schemas';

/** A store page setting: an https URL, else nothing (no banner, no badge). */
const storeUrl = (setting: string | undefined): string | undefined => {
  const parsed = z.url({ protocol: /^https$/ }).safeParse((setting ?? '').trim());
  return parsed.success ? parsed.data : undefined;
};

/**
 * The apps' store pages (the app banner, the footer's badges): the IOS_APP_URL and ANDROID_APP_URL
 * settings, never the config table. Unset: no banner and no badge for that store.
 */
export const appsOf = (env: Pick<Env, 'IOS_APP_URL' | 'ANDROID_APP_URL'>): Config['apps'] => {
  const ios = storeUrl(env.IOS_APP_URL);
  const android = storeUrl(env.ANDROID_APP_URL);
  return { ...(ios ? { ios } : {}), ...(android ? { android } : {}) };
};

type Stored = { results: { key: string; value: string }[]; plans: Plan[] };

/** The config rows and the plans on sale as this isolate last read them, until `until` (ms). */
let kept: { until: number; read: Promise<Stored> } | null = null;

/**
 * The config rows and the plans on sale: read on every request before, they change only when an
 * operator changes them (SQL or the seed), so an isolate keeps them CACHE_TTL_SECONDS (60 s by
 * default, as long as the KV copy of GET /configs, worker/proxy/cache.ts). A failed read is not kept.
 */
function storedConfig(env: Pick<Env, 'DB' | 'CACHE_TTL_SECONDS'>, now: number): Promise<Stored> {
  if (kept && now < kept.until) return kept.read;
  const read = Promise.all([env.DB.prepare('SELECT key, value FROM config').all<{ key: string; value: string }>(), activePlans(env.DB)]).then(([{ results }, plans]) => ({ results, plans }));
  const entry = { until: now + Number(env.CACHE_TTL_SECONDS || 60) * 1000, read };
  kept = entry;
  read.catch(() => {
    if (kept === entry) kept = null;
  });
  return read;
}

/** Forgets the kept config and plans (tests that change them in D1). */
export function forgetStoredConfig(): void {
  kept = null;
}

/**
 * The config of spec §3 from the config rows (key → JSON) and the plans on sale (kept a while per
 * isolate, storedConfig); the store pages come from the settings (appsOf). `now`: ms.
 */
export async function readConfig(env: Pick<Env, 'DB' | 'CACHE_TTL_SECONDS' | 'SUPPORTED_LANGUAGES' | 'IOS_APP_URL' | 'ANDROID_APP_URL'>, now = Date.now()): Promise<Config> {
  const { results, plans } = await storedConfig(env, now);
  const raw: Record<string, unknown> = Object.fromEntries(results.map((r) => [r.key, JSON.parse(r.value)]));
  const supported = listVar(env.SUPPORTED_LANGUAGES);
  const config = Config.parse({
    free_platform: false,
    app_access: 'open',
    available_langs: [],
    socials: {},
    notifications: false,
    options: {},
    ...raw,
    apps: appsOf(env),
    subscriptions: plans,
  });
  return { ...config, available_langs: config.available_langs.filter((l) => supported.includes(l.id)) };
}
