/**
 * The page's visitor as the document tells it (client/components/Document.tsx): <html
 * data-device data-visitor data-profile>. Spec §3 client state keeps `deviceId` in localStorage;
 * client/entry.ts mirrors it there (when the visitor first acts or leaves the page).
 */
export const DEVICE_ID_KEY = 'deviceId';

/** This browser's device id: the document's (the edge's device cookie), else localStorage `deviceId`. */
export function deviceId(): string {
  const fromDocument = document.documentElement.dataset.device;
  if (fromDocument) return fromDocument;
  try {
    return localStorage.getItem(DEVICE_ID_KEY) ?? '';
  } catch {
    return ''; // storage disabled
  }
}

/** Whether a logged-in user (not the guest) is looking at this page. */
export const isMember = (): boolean => document.documentElement.dataset.visitor === 'member';

/** The viewing profile's id (0 for the guest, spec §3). */
export const profileId = (): number => Number(document.documentElement.dataset.profile ?? 0) || 0;
