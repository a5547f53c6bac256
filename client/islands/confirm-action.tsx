import { defineIsland } from '../island';
import { ConfirmDialog, useConfirmDialog } from '../components/ConfirmDialog';
import type { ConfirmQuestion } from '../components/ConfirmPage';

export type ConfirmActionProps = ConfirmQuestion & {
  /** The button's words and look. */
  label: string;
  className: string;
  /** The confirmation page, for a browser without JavaScript (or before the island is live). */
  href: string;
  /** Prefix of the dialog's ids. */
  id: string;
};

/**
 * An action that asks first (cancel a subscription, spend a ticket): a link to its confirmation
 * page, which works without JavaScript; once live, the same question in a native modal dialog whose
 * form posts what the page's form posts.
 */
export default function ConfirmAction({ label, className, href, action, fields, title, text, confirm, dismiss, id }: ConfirmActionProps) {
  const dialog = useConfirmDialog();
  return (
    <>
      <a className={className} href={href} onClick={dialog.open}>
        {label}
      </a>
      <ConfirmDialog dialog={dialog} id={id} title={title} text={text} action={action} confirm={confirm} dismiss={dismiss}>
        {Object.entries({ ...fields, confirmed: '1' }).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      </ConfirmDialog>
    </>
  );
}

export const ConfirmActionIsland = defineIsland('confirm-action', ConfirmAction);
