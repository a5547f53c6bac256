import { z } from 'zod';
import { listVar } from '../../env';
import { activePlans } from '../payments/plans';
import { Config } from './schemas';
import type { Plan } from '../payments/schemas';
import { keptFor, keptReads } from '../kernel/kept';

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

/** The config rows and the plans on sale: read by nearly every request, changed only by operators (SQL, the seed). */
const stored = keptReads<Stored>();

/** Forgets the kept config and plans (tests that change them in D1). */
export const forgetStoredConfig = (): void => stored.forget();

/**
 * The config of spec §3 from the config rows (key → JSON) and the plans on sale (kept a while per
 * isolate, ../kernel/kept.ts); the store pages come from the settings (appsOf). `now`: ms.
 */
export async function readConfig(env: Pick<Env, 'DB' | 'CACHE_TTL_SECONDS' | 'SUPPORTED_LANGUAGES' | 'IOS_APP_URL' | 'ANDROID_APP_URL'>, now = Date.now()): Promise<Config> {
  const { results, plans } = await stored.get('config', now, keptFor(env), async () => {
    const [{ results }, plans] = await Promise.all([env.DB.prepare('SELECT key, value FROM config').all<{ key: string; value: string }>(), activePlans(env.DB)]);
    return { results, plans };
  });
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
