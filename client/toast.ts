/**
 * Toasts (spec §8, §9): one `aria-live` region rendered by the document (client/components/Toasts.tsx).
 * The server fills it with flash toasts; islands add toasts here without React, so any island can
 * show one. Each toast removes itself after its duration.
 */
export type ToastKind = 'success' | 'danger' | 'info';

/** Spec §9 toasts: errors 10000 ms; store profile errors 3000 ms; password-change toasts 5000 ms; request helper 5000 ms. */
export const TOAST_MS = { error: 10_000, request: 5_000, password: 5_000, profile: 3_000 } as const;

export const TOAST_REGION_ID = 'toasts';

/**
 * `region`: another live region for the toast, e.g. one inside an open modal <dialog>, where the
 * page's region would sit under the backdrop and be inert (unannounced) while the dialog is open.
 */
export function showToast(text: string, kind: ToastKind = 'info', ms: number = TOAST_MS.request, region = document.getElementById(TOAST_REGION_ID)): void {
  if (!region) return;
  // The same message again (a repeated wrong PIN) replaces the old toast instead of stacking,
  // and is announced again since the new element is a fresh alert.
  for (const old of region.querySelectorAll('.toast')) if (old.textContent === text) old.remove();
  const toast = document.createElement('div');
  toast.className = `toast toast--${kind}`;
  toast.setAttribute('role', kind === 'danger' ? 'alert' : 'status');
  toast.textContent = text;
  region.appendChild(toast);
  setTimeout(() => toast.remove(), ms);
}
