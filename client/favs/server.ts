import { requestWithToast } from '../api';
import { profileId } from '../device';
import type { Translate } from '../i18n';

export type ToggleKind = 'fav' | 'like';

/**
 * Spec §4 Favourites and likes, for a logged-in viewer: POST /actions/{kind}/{id} {profile} or
 * DELETE /actions/{kind}/{id}?profile={id}, as the page's profile. False when the server refused
 * (the request helper has shown the error toast).
 */
export async function saveToggle(kind: ToggleKind, id: number, active: boolean, t: Translate): Promise<boolean> {
  const profile = profileId();
  const init: RequestInit = active
    ? { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(profile ? { profile } : {}) }
    : { method: 'DELETE' };
  const query = !active && profile ? `?profile=${profile}` : '';
  const saved = await requestWithToast(`/actions/${kind}/${id}${query}`, () => true, init, { t });
  return saved === true;
}
