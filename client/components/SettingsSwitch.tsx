import { useState, type MouseEvent } from 'react';
import { requestWithToast } from '../api';
import { useI18n, type Translate } from '../i18n';
import { showToast, TOAST_MS } from '../toast';

export type SettingsSwitchProps = {
  checked: boolean;
  /** The no-JavaScript form: posted to `action` with `intent` and `name` = the new state ('true' / 'false'). */
  action: string;
  intent: string;
  name: string;
  label: string;
  /** Id of the text that describes the switch. */
  describedBy?: string;
  /** Saves the new state; false when it failed (its toast already shown): the switch flips back. */
  save: (next: boolean) => Promise<boolean>;
};

/**
 * An on/off setting of the account page (role="switch"). Without JavaScript it is the submit
 * button of a form the edge handles; inside a live island a click saves at once through `save`,
 * shows PROFILE_UPDATED, and on failure puts the switch back.
 */
export function SettingsSwitch({ checked: initial, action, intent, name, label, describedBy, save }: SettingsSwitchProps) {
  const { t } = useI18n();
  const [checked, setChecked] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function toggle(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    if (busy) return;
    const next = !checked;
    setChecked(next);
    setBusy(true);
    if (await save(next)) showToast(t('PROFILE_UPDATED'), 'success', TOAST_MS.profile);
    else setChecked(!next);
    setBusy(false);
  }

  return (
    <form className="settings__switch-form" method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <button
        className="switch"
        type="submit"
        name={name}
        value={String(!checked)}
        role="switch"
        aria-checked={checked}
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        onClick={toggle}
      >
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
        <span className="switch__label">{label}</span>
        <span className="switch__state" aria-hidden="true">
          {t(checked ? 'ON' : 'OFF')}
        </span>
      </button>
    </form>
  );
}

/** A `save` for SettingsSwitch: one JSON call through the request helper (its toast on failure). */
export async function saveJson(t: Translate, path: string, method: 'PUT' | 'POST', body: unknown): Promise<boolean> {
  const saved = await requestWithToast(path, () => true, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, { t });
  return saved === true;
}
