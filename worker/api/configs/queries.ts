import { listVar } from '../../env';
import { activePlans } from '../payments/plans';
import { Config } from './schemas';

/** Reads every config row (key → JSON) and shapes the config of spec §3. */
export async function readConfig(env: Pick<Env, 'DB' | 'SUPPORTED_LANGUAGES'>): Promise<Config> {
  const [{ results }, plans] = await Promise.all([env.DB.prepare('SELECT key, value FROM config').all<{ key: string; value: string }>(), activePlans(env.DB)]);
  const raw: Record<string, unknown> = Object.fromEntries(results.map((r) => [r.key, JSON.parse(r.value)]));
  const supported = listVar(env.SUPPORTED_LANGUAGES);
  const config = Config.parse({
    free_platform: false,
    app_access: 'open',
    available_langs: [],
    socials: {},
    notifications: false,
    options: {},
    apps: {},
    ...raw,
    subscriptions: plans,
  });
  return { ...config, available_langs: config.available_langs.filter((l) => supported.includes(l.id)) };
}
