import { useState } from 'react';
import type { Lang, Translate } from '../i18n';
import { DATA_USAGES, type DataUsage } from '../../worker/rules/data-usage';
import { dataUsageLabel } from '../../worker/rules/data-usage-label';
import type { MenuItem } from './ChoiceMenu';
import { saveToProfile } from './saveToProfile';

/**
 * The player's data usage: the profile's setting (from stream_url), changed from the player's
 * menu and saved to the profile (PUT /auth/profiles/{id}); a guest's choice lasts for the page.
 */
export function useDataUsage({ initial, profileId, t, lang }: { initial: DataUsage; profileId: number | null; t: Translate; lang: Lang }) {
  const [usage, setUsage] = useState<DataUsage>(initial);
  const choose = (next: DataUsage) => {
    const before = usage;
    setUsage(next);
    if (profileId === null) return;
    saveToProfile(profileId, { data_usage: next }, () => setUsage(before), t);
  };
  const items: MenuItem[] = DATA_USAGES.map((key) => ({ key, label: dataUsageLabel(t, lang, key), checked: usage === key, select: () => choose(key) }));
  return { usage, items };
}
