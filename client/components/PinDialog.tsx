import { useEffect, useId, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useI18n } from '../i18n';
import type { ProfileCard } from '../../worker/rules/profiles';
import { PIN_LENGTH } from '../../worker/rules/pin';
import { backspace, emptyPin, isComplete, paste, typeInto, type PinEdit } from '../profiles/pin';
import { showPinError, unlockProfile } from '../profiles/switch';
import { TOAST_REGION_ID } from '../toast';

type PinProfile = Pick<ProfileCard, 'id' | 'name' | 'avatar'>;

type PinFormProps = {
  profile: PinProfile;
  onCancel: () => void;
  /** The PIN was right: the profile is this session's current one (the caller reloads). */
  onUnlocked: () => void;
  /** Where error toasts go instead of the page's region (inside a modal dialog). */
  toastRegion?: RefObject<HTMLElement | null>;
};

/**
 * The PIN prompt of spec §2 and §5: four one-digit boxes, Cancel and Unlock; Unlock is disabled
 * until the four digits are there. Typing moves forward, Backspace back, a pasted or autofilled
 * PIN fills every box, Enter submits a complete PIN (the form's implicit submission). A wrong PIN
 * is a 10 s toast (spec §8), announced (role=alert); the boxes empty and the first takes the focus.
 */
export function PinForm({ profile, onCancel, onUnlocked, toastRegion }: PinFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [digits, setDigits] = useState(emptyPin);
  const [busy, setBusy] = useState(false);
  const [focus, setFocus] = useState<{ at: number } | null>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const complete = isComplete(digits);

  // After each edit the box it names takes the focus, its digit selected so typing replaces it.
  useEffect(() => {
    if (!focus) return;
    const input = inputs.current[focus.at];
    input?.focus();
    input?.select();
  }, [focus]);

  const apply = (edit: PinEdit) => {
    setDigits(edit.digits);
    setFocus({ at: edit.focus });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete || busy) return;
    setBusy(true);
    const result = await unlockProfile(profile.id, digits.join(''), t);
    // Success: the page is about to load again; the form stays busy until then.
    if (result.ok) return onUnlocked();
    setBusy(false);
    showPinError(t, result.error, toastRegion?.current);
    apply({ digits: emptyPin(), focus: 0 });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number) {
    if (event.key === 'Backspace') {
      event.preventDefault();
      apply(backspace(digits, index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      setFocus({ at: index - 1 });
    } else if (event.key === 'ArrowRight' && index < PIN_LENGTH - 1) {
      event.preventDefault();
      setFocus({ at: index + 1 });
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>, index: number) {
    event.preventDefault();
    apply(paste(digits, index, event.clipboardData.getData('text')));
  }

  return (
    <form className="pin-form" onSubmit={submit} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} aria-busy={busy || undefined} noValidate>
      <img className="pin-form__avatar" src={profile.avatar} alt="" width="72" height="72" />
      <h2 className="pin-form__title" id={`${id}-title`}>
        {t('PIN_DIALOG_TITLE')}
      </h2>
      <p className="pin-form__text" id={`${id}-text`}>
        {t('PIN_DIALOG_TEXT', { name: profile.name })}
      </p>
      {/* Digits read left to right in every language, as on a phone's keypad. */}
      <div className="pin-form__digits" role="group" aria-label={t('PIN_CODE')} dir="ltr">
        {digits.map((digit, i) => (
          <input
            key={i}
            ref={(el) => {
              inputs.current[i] = el;
            }}
            className="pin-form__digit"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            autoFocus={i === 0}
            aria-label={t('PIN_DIGIT', { n: i + 1, total: PIN_LENGTH })}
            value={digit}
            disabled={busy}
            onChange={(e) => apply(typeInto(digits, i, e.target.value))}
            onKeyDown={(e) => onKeyDown(e, i)}
            onPaste={(e) => onPaste(e, i)}
            onFocus={(e) => e.target.select()}
          />
        ))}
      </div>
      <div className="dialog__actions pin-form__actions">
        <button className="button button--ghost" type="button" onClick={onCancel}>
          {t('CANCEL')}
        </button>
        <button className="button button--primary" type="submit" disabled={!complete || busy}>
          {t('UNLOCK')}
        </button>
      </div>
    </form>
  );
}

type PinDialogProps = {
  /** The profile to unlock; null: the dialog is closed. */
  profile: PinProfile | null;
  /** Closed by Cancel, Escape or after a success. */
  onClose: () => void;
  onUnlocked: (profile: PinProfile) => void;
};

/**
 * The PIN-unlock dialog (spec §2): PinForm in a native modal <dialog> (focus kept inside, Escape
 * cancels). Its own toast region sits in the dialog, above the backdrop and outside the inert
 * page; toasts still showing when it closes move to the page's region.
 */
export function PinDialog({ profile, onClose, onUnlocked }: PinDialogProps) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (profile && !el.open) el.showModal();
    if (!profile && el.open) el.close();
  }, [profile]);

  function closed() {
    const page = document.getElementById(TOAST_REGION_ID);
    const toasts = region.current ? [...region.current.children] : [];
    if (page) for (const toast of toasts) page.appendChild(toast);
    onClose();
  }

  return (
    <dialog ref={dialog} className="dialog pin-dialog" aria-label={t('PIN_DIALOG_TITLE')} onClose={closed}>
      {profile && <PinForm key={profile.id} profile={profile} onCancel={() => dialog.current?.close()} onUnlocked={() => onUnlocked(profile)} toastRegion={region} />}
      <div ref={region} className="toasts pin-dialog__toasts" aria-live="assertive" />
    </dialog>
  );
}
