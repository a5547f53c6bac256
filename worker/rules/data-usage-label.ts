import { DATA_USAGE_GB_PER_HOUR, type DataUsage } from './data-usage';
import type { Lang } from './lang';
import { formatNumber, type Translate } from './translate';

/* Apart from the rule (./data-usage.ts): the player's boot engine imports the rule, and must not wait for the translation code. */

const NAME_KEYS: Record<DataUsage, string> = { auto: 'DATA_USAGE_AUTO', saver: 'DATA_USAGE_SAVER', best: 'DATA_USAGE_BEST' };

/** A choice's name with its estimated gigabytes per hour ("Data saver · about 0.3 GB per hour"), for the player's menu and the profile form. */
export function dataUsageLabel(t: Translate, lang: Lang, usage: DataUsage): string {
  const gb = formatNumber(lang, DATA_USAGE_GB_PER_HOUR[usage], { maximumFractionDigits: 1 });
  return `${t(NAME_KEYS[usage])} · ${t('DATA_USAGE_GB_PER_HOUR', { gb })}`;
}
