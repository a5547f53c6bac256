import { atom, useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { setGuestFav } from '../favs/local';
import { GuestPrompt, type PromptReason } from '../favs/GuestPrompt';
import { saveToggle, type ToggleKind } from '../favs/server';
import { defineIsland } from '../island';
import { useI18n } from '../i18n';

export type FavButtonProps = {
  id: number;
  /** My List (the default) or Like. */
  kind?: ToggleKind;
  /** In the viewer's list (favourites) or liked, as the server rendered it. */
  active: boolean;
  /** The anonymous guest: favourites stay in this browser, likes ask to log in. */
  guest: boolean;
  /** 'icon': a round button on a tile; 'label': a labelled button (content page); 'player': the player's top bar. */
  variant?: 'icon' | 'label' | 'player';
  /** The title's name, for the icon button's accessible name. */
  title: string;
};

function Icon({ kind, active }: { kind: ToggleKind; active: boolean }) {
  if (kind === 'like') {
    return (
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <path
          fill={active ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
          d="M7 10v11H3V10h4Zm2 11V10l4.3-7.2c.3-.5.9-.8 1.5-.7 1 .2 1.6 1.2 1.4 2.1L15.3 9H20a2 2 0 0 1 2 2.3l-1.3 7.9A2.2 2.2 0 0 1 18.5 21H9Z"
        />
      </svg>
    );
  }
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
      {active ? (
        <path fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" d="m5 12.5 4.5 4.5L19 7.5" />
      ) : (
        <path fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" d="M12 5v14M5 12h14" />
      )}
    </svg>
  );
}

/** The latest state of each toggle ('fav:12') in this page, shared by its copies through the page's jotai store. */
const listStates = atom<Record<string, boolean>>({});

/**
 * Copies of a toggle that are not live yet still show the server's state: hydrate them (the
 * entry hydrates an island on its first pointer-over) so they follow listStates.
 */
function wakeCopies(id: number, kind: ToggleKind): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-island="fav-button"]:not([data-live])')) {
    try {
      const props = JSON.parse(el.dataset.props ?? '{}') as Partial<FavButtonProps>;
      if (props.id === id && (props.kind ?? 'fav') === kind) el.dispatchEvent(new Event('pointerover'));
    } catch {
      // not ours to read
    }
  }
}

/**
 * The My List and like toggles (spec §4 Favourites and likes) on tiles, content pages and the
 * player. A logged-in viewer's click flips the button at once and saves it for the page's profile;
 * if the server refuses, the button flips back and the request helper shows the error toast. A
 * guest's My List click keeps the title in this browser (client/favs/local.ts) and asks them to
 * register or log in (spec §2 modal); a guest's like only asks.
 */
export default function FavButton({ id, kind = 'fav', active: initial, guest, variant = 'icon', title }: FavButtonProps) {
  const { t } = useI18n();
  const key = `${kind}:${id}`;
  const [shared, setShared] = useAtom(listStates);
  const [active, setLocal] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [prompt, setPrompt] = useState<PromptReason | null>(null);

  // Another copy of this toggle on the page (the same title in two rows) changed: follow it.
  const known = shared[key];
  useEffect(() => {
    if (known !== undefined) setLocal(known);
  }, [known]);

  function setActive(value: boolean) {
    setLocal(value);
    setShared((states) => ({ ...states, [key]: value }));
    wakeCopies(id, kind);
  }

  async function toggle() {
    if (busy) return;
    const next = !active;
    if (guest) {
      if (kind === 'like') return setPrompt('like');
      if (!setGuestFav(id, next)) return setPrompt('limit');
      setActive(next);
      if (next) setPrompt('saved');
      return;
    }
    setActive(next);
    setBusy(true);
    if (!(await saveToggle(kind, id, next, t))) setActive(!next);
    setBusy(false);
  }

  const label = kind === 'fav' ? t(active ? 'REMOVE_FROM_MY_LIST' : 'ADD_TO_MY_LIST') : t(active ? 'UNLIKE' : 'LIKE');
  const iconOnly = variant !== 'label';
  return (
    <>
      <button
        type="button"
        className={`list-toggle list-toggle--${variant} list-toggle--${kind}${variant === 'player' ? ' player__button' : ''}`}
        aria-pressed={active}
        aria-busy={busy || undefined}
        aria-label={iconOnly ? `${label}: ${title}` : undefined}
        title={variant === 'player' ? label : undefined}
        onClick={() => void toggle()}
      >
        <Icon kind={kind} active={active} />
        {variant === 'label' && <span>{kind === 'fav' ? t('MY_LIST') : t(active ? 'LIKED' : 'LIKE')}</span>}
      </button>
      {guest && <GuestPrompt reason={prompt} onClose={() => setPrompt(null)} />}
    </>
  );
}

export const FavButtonIsland = defineIsland('fav-button', FavButton);
