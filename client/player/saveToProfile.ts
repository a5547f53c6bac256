import { apiFetch } from '../api';
import type { Translate } from '../i18n';
import { showToast, TOAST_MS } from '../toast';

/**
 * A player setting the viewer changed, saved to the watching profile (PUT /auth/profiles/{id} with
 * only that setting). When the save fails, `undo` puts the previous choice back and the viewer is
 * told, so the menu never shows a choice the account does not hold.
 */
export function saveToProfile(profileId: number, change: Record<string, string>, undo: () => void, t: Translate): void {
  const failed = () => {
    undo();
    showToast(t('ERROR_OCCURRED'), 'danger', TOAST_MS.error);
  };
  void apiFetch(`/auth/profiles/${profileId}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(change) }).then(
    (res) => (res.ok ? undefined : failed()),
    failed,
  );
}
