import { useEffect, useId, useRef } from 'react';
import { useI18n } from '../i18n';

/** Why the prompt shows: a title kept on this device, the guest limit reached, a like, or My List itself. */
export type PromptReason = 'saved' | 'limit' | 'like' | 'list';

const TEXT: Record<PromptReason, string> = {
  saved: 'GUEST_FAV_SAVED',
  limit: 'GUEST_FAVS_LIMIT',
  like: 'GUEST_LIKE',
  list: 'GUEST_LIST',
};

/** Where register and login bring the visitor back to: this page. */
const here = (): string => location.pathname + location.search;

/** The two ways out of the prompt, also rendered by the no-JS My List page for guests. */
export function GuestPromptActions({ redirect }: { redirect: string }) {
  const { t } = useI18n();
  const to = encodeURIComponent(redirect);
  return (
    <>
      <a className="button button--primary" href={`/register?redirect=${to}`}>
        {t('CREATE_ACCOUNT')}
      </a>
      <a className="button button--secondary" href={`/login?redirect=${to}`}>
        {t('LOGIN')}
      </a>
    </>
  );
}

/**
 * Spec §2: the modal asking anonymous users to register or log in before using favourites (and
 * likes). A native modal <dialog>, rendered only while open (a page of tiles carries no copies):
 * focus stays inside, Escape or "Not now" close it.
 */
export function GuestPrompt({ reason, onClose }: { reason: PromptReason | null; onClose: () => void }) {
  if (!reason) return null;
  return <OpenPrompt reason={reason} onClose={onClose} />;
}

function OpenPrompt({ reason, onClose }: { reason: PromptReason; onClose: () => void }) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="dialog guest-prompt" aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog__body">
        <h2 className="dialog__title" id={titleId}>
          {t('GUEST_PROMPT_TITLE')}
        </h2>
        <p className="settings__text">{t(TEXT[reason])}</p>
        <div className="dialog__actions guest-prompt__actions">
          <GuestPromptActions redirect={here()} />
          <button type="button" className="button button--ghost" onClick={() => dialog.current?.close()}>
            {t('NOT_NOW')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
