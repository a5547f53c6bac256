import { useRef, type MouseEvent, type ReactNode } from 'react';
import { useI18n } from '../i18n';

/**
 * A confirmation in a native modal <dialog>, opened by a link or submit button that works without
 * JavaScript (a confirmation page, a plain form post): once the island is live, the click opens the
 * dialog instead (where the browser has showModal).
 */
export function useConfirmDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const open = (event: MouseEvent<HTMLElement>) => {
    const el = ref.current;
    if (!el || typeof el.showModal !== 'function') return;
    event.preventDefault();
    el.showModal();
  };
  const close = () => ref.current?.close();
  return { ref, open, close };
}

type ConfirmDialogProps = {
  dialog: ReturnType<typeof useConfirmDialog>;
  /** Prefix of the title's and text's ids (`{id}-title`, `{id}-text`). */
  id: string;
  title: string;
  text: string;
  /** The form's action: the same URL the no-JavaScript way posts to. */
  action: string;
  /** The label of the (danger) confirm button. */
  confirm: string;
  onSubmit?: () => void;
  /** The words of the button that closes without acting (default "Cancel": say "Keep my subscription" where cancelling is the action). */
  dismiss?: string;
  /** Hidden inputs and fields of the form. */
  children?: ReactNode;
};

/** The dialog of useConfirmDialog: title, text, the form's fields, Cancel and the confirm button. */
export function ConfirmDialog({ dialog, id, title, text, action, confirm, onSubmit, dismiss, children }: ConfirmDialogProps) {
  const { t } = useI18n();
  return (
    <dialog ref={dialog.ref} className="dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <form className="dialog__body" method="post" action={action} onSubmit={onSubmit}>
        <h2 className="dialog__title" id={`${id}-title`}>
          {title}
        </h2>
        <p className="settings__text" id={`${id}-text`}>
          {text}
        </p>
        {children}
        <div className="dialog__actions">
          <button className="button button--ghost" type="button" onClick={dialog.close}>
            {dismiss ?? t('CANCEL')}
          </button>
          <button className="button button--danger" type="submit">
            {confirm}
          </button>
        </div>
      </form>
    </dialog>
  );
}
