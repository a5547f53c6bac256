import type { Flash } from '../../worker/rules/flash';
import { useI18n } from '../i18n';
import { TOAST_MS, TOAST_REGION_ID } from '../toast';

/**
 * The toast region of every page. Flash toasts (set before a redirect) render here on the server
 * and fade out by CSS after their duration, so they work without JavaScript; islands append to the
 * same region (client/toast.ts).
 */
export function Toasts({ flash }: { flash: Flash[] }) {
  const { t } = useI18n();
  return (
    <div id={TOAST_REGION_ID} className="toasts" aria-live="polite">
      {flash.map((f, i) => (
        <div
          key={i}
          className={`toast toast--${f.kind} toast--timed`}
          role={f.kind === 'danger' ? 'alert' : 'status'}
          style={{ animationDelay: `${f.kind === 'danger' ? TOAST_MS.error : TOAST_MS.request}ms` }}
        >
          {t(f.key, f.params)}
        </div>
      ))}
    </div>
  );
}
