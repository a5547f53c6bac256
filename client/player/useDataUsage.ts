import { useState } from 'react';
import { apiFetch } from '../api';
import type { Lang, Translate } from '../i18n';
import { showToast, TOAST_MS } from '../toast';
import { DATA_USAGES, type DataUsage } from '../../worker/rules/data-usage';
import { dataUsageLabel } from '../../worker/rules/data-usage-label';
import type { MenuItem } from './ChoiceMenu';

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
    const saved = apiFetch(`/auth/profiles/${profileId}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ data_usage: next }) });
    const undo = () => {
      setUsage(before);
      showToast(t('ERROR_OCCURRED'), 'danger', TOAST_MS.error);
    };
    void saved.then((res) => (res.ok ? undefined : undo()), undo);
  };
  const items: MenuItem[] = DATA_USAGES.map((key) => ({ key, label: dataUsageLabel(t, lang, key), checked: usage === key, select: () => choose(key) }));
  return { usage, items };
}
