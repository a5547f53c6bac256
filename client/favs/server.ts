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
  // keepalive: a toggle pressed just before leaving the page (a link, a reload) is still saved.
  const init: RequestInit = active
    ? { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(profile ? { profile } : {}), keepalive: true }
    : { method: 'DELETE', keepalive: true };
  const query = !active && profile ? `?profile=${profile}` : '';
  const saved = await requestWithToast(`/actions/${kind}/${id}${query}`, () => true, init, { t });
  return saved === true;
}
