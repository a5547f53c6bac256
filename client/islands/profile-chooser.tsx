import { useState, type MouseEvent } from 'react';
import { LockBadge } from '../components/LockBadge';
import { PinDialog } from '../components/PinDialog';
import { translateError, useI18n } from '../i18n';
import { defineIsland } from '../island';
import type { ProfileCard } from '../../worker/rules/profiles';
import { finishSwitch, isProfileLocked, selectProfile } from '../profiles/switch';
import { showToast, TOAST_MS } from '../toast';

type Props = {
  profiles: ProfileCard[];
  /** Where to go once a profile is chosen: a same-site path checked by the server. */
  redirect: string;
};

/**
 * The profiles of /whoswatching (spec §2). Without JavaScript each profile is a submit button of a
 * form posted to /whoswatching (the server asks for the PIN on its own page). Once live, a profile
 * without PIN switches at once (spec §4) and a locked one opens the PIN-unlock dialog.
 */
export default function ProfileChooser({ profiles, redirect }: Props) {
  const { t } = useI18n();
  const [pinFor, setPinFor] = useState<ProfileCard | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  async function choose(event: MouseEvent<HTMLButtonElement>, profile: ProfileCard) {
    event.preventDefault();
    if (busy !== null) return;
    if (profile.locked) return setPinFor(profile);
    setBusy(profile.id);
    const result = await selectProfile(profile.id, t);
    if (result.ok) return finishSwitch(profile.id, redirect);
    setBusy(null);
    // Locked since the page was rendered (a PIN set elsewhere): ask for it.
    if (isProfileLocked(result.error)) setPinFor(profile);
    else if (result.error) showToast(translateError(t, result.error.message), 'danger', TOAST_MS.request);
  }

  return (
    <>
      <form className="chooser" method="post" action="/whoswatching">
        <input type="hidden" name="redirect" value={redirect} />
        <ul className="chooser__list">
          {profiles.map((p) => (
            <li key={p.id}>
              <button className="chooser__profile" type="submit" name="id" value={p.id} aria-busy={busy === p.id || undefined} onClick={(e) => void choose(e, p)}>
                <span className="chooser__avatar">
                  <img src={p.avatar} alt="" width="128" height="128" />
                  {p.pin && <LockBadge label={t('PROFILE_PIN_LOCKED')} />}
                </span>
                <span className="chooser__name" dir="auto">
                  {p.name}
                </span>
                {p.is_kid && <span className="chooser__kid">{t('CATEGORY_KIDS')}</span>}
              </button>
            </li>
          ))}
        </ul>
      </form>
      <PinDialog profile={pinFor} onClose={() => setPinFor(null)} onUnlocked={(p) => finishSwitch(p.id, redirect)} />
    </>
  );
}

export const ProfileChooserIsland = defineIsland('profile-chooser', ProfileChooser);
