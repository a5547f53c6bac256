import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { LockBadge } from '../components/LockBadge';
import { PinForm } from '../components/PinDialog';
import { useDismiss } from '../components/useDismiss';
import { translateError, useI18n } from '../i18n';
import { defineIsland } from '../island';
import { ageLabel } from '../profiles/display';
import type { ProfileCard } from '../../worker/rules/profiles';
import { finishSwitch, isProfileLocked, selectProfile } from '../profiles/switch';
import { showToast, TOAST_MS } from '../toast';

type Props = {
  profiles: ProfileCard[];
  current: ProfileCard;
  /** A kids profile: only the profile list (no settings, help or logout: kids leave by switching). */
  kid: boolean;
  /** This page, where the chooser brings a visitor without JavaScript back. */
  path: string;
};

type View = 'nav' | 'list' | 'pin';

const ITEMS = 'a[href], button:not([disabled])';

const items = (panel: HTMLElement | null): HTMLElement[] => (panel ? [...panel.querySelectorAll<HTMLElement>(ITEMS)] : []);

/** The profile nav's links (spec §2): Settings opens profile management, then the help centre. */
const NAV_LINKS = [
  { href: '/profile?type=profiles', key: 'SETTINGS' },
  { href: '/my-tickets', key: 'MY_TICKETS' },
  { href: '/page/help-center', key: 'HELP_CENTER' },
] as const;

/** A profile's picture, name (at most 110 px, spec §9) and age restriction label. */
function ProfileLine({ profile, size }: { profile: ProfileCard; size: number }) {
  const { t } = useI18n();
  return (
    <>
      <img src={profile.avatar} alt="" width={size} height={size} />
      <span className="profile-menu__text">
        <span className="profile-menu__name" dir="auto">
          {profile.name}
        </span>
        <span className="profile-menu__age">{ageLabel(t, profile.age_restriction)}</span>
      </span>
    </>
  );
}

/**
 * The profile dropdown of the top bar (spec §2, non-guests): three views, the profile nav
 * (Switch profile, Settings, Help centre, Logout), the profile list (picture, name, age
 * restriction, lock) and the PIN prompt of a locked profile (spec §4: Cancel goes back to the
 * list). Until it is live the trigger is a plain link to /whoswatching, which does the same
 * without JavaScript. Escape closes (or leaves the PIN prompt), arrows move between items, focus
 * goes into the panel on opening and back to the trigger on closing.
 */
export default function ProfileMenu({ profiles, current, kid, path }: Props) {
  const { t } = useI18n();
  const id = useId();
  const home: View = kid ? 'list' : 'nav';
  const [live, setLive] = useState(false);
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>(home);
  const [pinFor, setPinFor] = useState<ProfileCard | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLAnchorElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  /** The item to focus when a view opens (the profile whose PIN prompt was cancelled), else the first. */
  const focusNext = useRef<string | null>(null);

  useEffect(() => setLive(true), []);

  useEffect(() => {
    if (!open || view === 'pin') return; // the PIN prompt focuses its first box itself
    const wanted = focusNext.current ? panel.current?.querySelector<HTMLElement>(focusNext.current) : null;
    focusNext.current = null;
    (wanted ?? items(panel.current)[0])?.focus();
  }, [open, view]);

  function close(returnFocus = true) {
    setOpen(false);
    setView(home);
    setPinFor(null);
    if (returnFocus) trigger.current?.focus();
  }

  function toggle(event: MouseEvent<HTMLAnchorElement> | KeyboardEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (open) close();
    else setOpen(true);
  }

  function backToList() {
    if (pinFor) focusNext.current = `[data-profile="${pinFor.id}"]`;
    setPinFor(null);
    setView('list');
  }

  async function choose(profile: ProfileCard) {
    if (busy !== null) return;
    if (profile.id === current.id) return close();
    if (profile.locked) {
      setPinFor(profile);
      return setView('pin');
    }
    setBusy(profile.id);
    const result = await selectProfile(profile.id, t);
    if (result.ok) return finishSwitch(profile.id);
    setBusy(null);
    if (isProfileLocked(result.error)) {
      setPinFor(profile);
      setView('pin');
    } else if (result.error) showToast(translateError(t, result.error.message), 'danger', TOAST_MS.request);
  }

  /** A click outside or tabbing away closes the menu; Escape too, or leaves the PIN prompt. */
  const dismiss = useDismiss(root, open, close, () => (view === 'pin' ? backToList() : close()));

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    dismiss.onKeyDown(event);
    if (!open || view === 'pin' || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const list = items(panel.current);
    if (list.length === 0) return;
    event.preventDefault();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? list.length - 1 : event.key === 'ArrowDown' ? (at + 1) % list.length : (at - 1 + list.length) % list.length;
    list[next]?.focus();
  }

  const panelId = `${id}-panel`;
  return (
    <div className="profile-menu" ref={root} onKeyDown={onKeyDown} onBlur={dismiss.onBlur}>
      <a
        ref={trigger}
        className="account-link profile-menu__trigger"
        href={`/whoswatching?redirect=${encodeURIComponent(path)}`}
        role={live ? 'button' : undefined}
        aria-haspopup={live ? 'true' : undefined}
        aria-expanded={live ? open : undefined}
        aria-controls={live && open ? panelId : undefined}
        onClick={toggle}
        onKeyDown={(e) => e.key === ' ' && toggle(e)}
      >
        <img className="profile-menu__avatar" src={current.avatar} alt="" width="32" height="32" />
        <span className="visually-hidden">{t('PROFILE_MENU')}: </span>
        {/* dir=auto: an email is cut at its end, an Arabic name at its own. */}
        <span className="account-link__name" dir="auto">
          {current.name}
        </span>
        <svg className="profile-menu__caret" aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
          <path fill="currentColor" d="m7 10 5 5 5-5H7Z" />
        </svg>
      </a>
      {open && (
        <div className="profile-menu__panel" id={panelId} ref={panel} role="group" aria-label={t('PROFILE_MENU')}>
          {view === 'nav' && (
            <>
              <div className="profile-menu__current">
                <ProfileLine profile={current} size={48} />
              </div>
              <ul className="profile-menu__items">
                <li>
                  <button className="profile-menu__item profile-menu__item--next" type="button" onClick={() => setView('list')}>
                    {t('SWITCH_PROFILE')}
                  </button>
                </li>
                {NAV_LINKS.map(({ href, key }) => (
                  <li key={href}>
                    <a className="profile-menu__item" href={href}>
                      {t(key)}
                    </a>
                  </li>
                ))}
                <li>
                  <form method="post" action="/logout">
                    <button className="profile-menu__item" type="submit">
                      {t('LOGOUT')}
                    </button>
                  </form>
                </li>
              </ul>
            </>
          )}
          {view === 'list' && (
            <>
              <div className="profile-menu__head">
                {!kid && (
                  <button className="icon-button profile-menu__back" type="button" aria-label={t('BACK')} onClick={() => setView('nav')}>
                    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                      <path fill="currentColor" d="M15.4 7.4 14 6l-6 6 6 6 1.4-1.4-4.6-4.6 4.6-4.6Z" />
                    </svg>
                  </button>
                )}
                <h2 className="profile-menu__title">{t('SWITCH_PROFILE')}</h2>
              </div>
              <ul className="profile-menu__profiles">
                {profiles.map((p) => (
                  <li key={p.id}>
                    <button
                      className="profile-menu__profile"
                      type="button"
                      data-profile={p.id}
                      aria-current={p.id === current.id ? 'true' : undefined}
                      aria-busy={busy === p.id || undefined}
                      onClick={() => void choose(p)}
                    >
                      <ProfileLine profile={p} size={40} />
                      {p.pin && <LockBadge label={t('PROFILE_PIN_LOCKED')} />}
                    </button>
                  </li>
                ))}
              </ul>
              {!kid && (
                <a className="profile-menu__item profile-menu__manage" href="/profiles">
                  {t('TITLE_PROFILES')}
                </a>
              )}
            </>
          )}
          {view === 'pin' && pinFor && <PinForm profile={pinFor} onCancel={backToList} onUnlocked={() => finishSwitch(pinFor.id)} />}
        </div>
      )}
    </div>
  );
}

export const ProfileMenuIsland = defineIsland('profile-menu', ProfileMenu);
