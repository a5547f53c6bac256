/**
 * The page's visitor as the document tells it (client/components/Document.tsx): <html
 * data-device data-visitor data-profile>. Spec §3 client state keeps `deviceId` in localStorage;
 * client/entry.ts mirrors it there at load.
 */
export const DEVICE_ID_KEY = 'deviceId';

/** This browser's device id: localStorage `deviceId`, else the document's. */
export function deviceId(): string {
  try {
    const stored = localStorage.getItem(DEVICE_ID_KEY);
    if (stored) return stored;
  } catch {
    // storage disabled
  }
  return document.documentElement.dataset.device ?? '';
}

/** Whether a logged-in user (not the guest) is looking at this page. */
export const isMember = (): boolean => document.documentElement.dataset.visitor === 'member';

/** The viewing profile's id (0 for the guest, spec §3). */
export const profileId = (): number => Number(document.documentElement.dataset.profile ?? 0) || 0;
