/**
 * Profile switching in the browser (spec §4), shared by the profile chooser (/whoswatching) and the
 * top bar's profile menu. The edge answers `/api/auth/user?profile=X` and `/api/auth/profile/pin`
 * and sets the `profile` cookie on success; this side mirrors the choice in localStorage
 * (`profile`), forgets that profile's locally kept watched data, then loads the page again, so
 * the user (and everything filtered for the profile) is fetched anew.
 */
import { ApiError, requestWithToast } from '../api';
import type { Translate } from '../i18n';
import { showToast, TOAST_MS } from '../toast';
import { pinError } from '../../worker/rules/pin';

/** localStorage keys of spec §3 client state. */
export const PROFILE_KEY = 'profile';
export const WATCHED_KEY = 'watched';

/** A switch that failed with this API error; `null` error: the session ended, the page is already leaving. */
export type SwitchResult = { ok: true } | { ok: false; error: ApiError | null };

async function call(path: string, t: Translate): Promise<SwitchResult> {
  let error: ApiError | null = null;
  const done = await requestWithToast(path, () => true, undefined, {
    t,
    onError: (e) => {
      error = e;
      return false;
    },
  });
  return done ? { ok: true } : { ok: false, error };
}

/** GET auth/user?profile=X: becomes the session's profile; 403 PROFILE_LOCKED when it needs its PIN. */
export const selectProfile = (id: number, t: Translate): Promise<SwitchResult> => call(`/auth/user?profile=${id}`, t);

/** GET auth/profile/pin?pin=&id=: unlocks the profile for this session and makes it current. */
export const unlockProfile = (id: number, pin: string, t: Translate): Promise<SwitchResult> =>
  call(`/auth/profile/pin?pin=${encodeURIComponent(pin)}&id=${id}`, t);

export const isProfileLocked = (error: ApiError | null): boolean => error?.status === 403 && error.message.startsWith('PROFILE_LOCKED');

/** Spec §8 PIN check: the error as a danger toast, toast 10 s (in `region` when a modal dialog is open). */
export function showPinError(t: Translate, error: ApiError | null, region?: HTMLElement | null): void {
  if (!error) return;
  const delay = error.body.delay;
  const { key, params } = pinError(error.status, typeof delay === 'number' ? delay : undefined);
  showToast(t(key, params), 'danger', TOAST_MS.error, region ?? undefined);
}

/** Stores the chosen profile and forgets its locally kept watched data (spec §4). */
export function rememberProfile(id: number): void {
  try {
    localStorage.setItem(PROFILE_KEY, String(id));
    const raw = localStorage.getItem(WATCHED_KEY);
    if (!raw) return;
    const watched: unknown = JSON.parse(raw);
    if (watched && typeof watched === 'object' && !Array.isArray(watched) && String(id) in watched) {
      const rest: Record<string, unknown> = { ...(watched as Record<string, unknown>) };
      delete rest[String(id)];
      localStorage.setItem(WATCHED_KEY, JSON.stringify(rest));
    }
  } catch {
    // Storage disabled or a broken value: the cookie the edge set still carries the choice.
  }
}

/** After a successful switch: remember it, then go to `to` (the chooser's return path) or reload this page. */
export function finishSwitch(id: number, to?: string): void {
  rememberProfile(id);
  if (to) location.assign(to);
  else location.reload();
}
