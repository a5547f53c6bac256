/**
 * Spec §3 client state `watched`, keyed by profile id: localStorage `watched` holds
 * `{ "<profileId>": [{ id, time }] }`, most recent first, at most WATCHED_CAP titles per profile.
 * The player writes it on each save for every profile (the guest is "0"); a guest's resume
 * position is read from it (the API keeps a logged-in profile's). Switching to a profile
 * (client/profiles/switch.ts) and erasing the history (account page) forget that profile's list.
 */
export const WATCHED_KEY = 'watched';
/** The guest's profile id (spec §3 Anonymous guest user). */
export const GUEST_PROFILE = 0;
/** Titles kept per profile; the oldest go first. */
export const WATCHED_CAP = 50;

export type WatchedEntry = { id: number; time: number };
type WatchedStore = Record<string, WatchedEntry[]>;

const isEntry = (value: unknown): value is WatchedEntry =>
  typeof value === 'object' && value !== null && Number.isInteger((value as WatchedEntry).id) && Number.isFinite((value as WatchedEntry).time);

/** The whole key, with anything unreadable dropped ({} when absent, broken or storage is disabled). */
export function readWatched(): WatchedStore {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(WATCHED_KEY) ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const store: WatchedStore = {};
    for (const [profile, list] of Object.entries(value)) if (Array.isArray(list)) store[profile] = list.filter(isEntry);
    return store;
  } catch {
    return {};
  }
}

function write(store: WatchedStore): void {
  try {
    localStorage.setItem(WATCHED_KEY, JSON.stringify(store));
  } catch {
    // private mode or full: the API keeps a member's history anyway
  }
}

/** The profile's saved time of a title (seconds), 0 when none. */
export const watchedTime = (profile: number, contentId: number): number =>
  readWatched()[String(profile)]?.find((entry) => entry.id === contentId)?.time ?? 0;

/** Saves the profile's time of a title: it moves to the front of the profile's list. */
export function rememberWatched(profile: number, contentId: number, time: number): void {
  const store = readWatched();
  const others = (store[String(profile)] ?? []).filter((entry) => entry.id !== contentId);
  store[String(profile)] = [{ id: contentId, time }, ...others].slice(0, WATCHED_CAP);
  write(store);
}

/** Forgets the profile's list (profile switch, erased history). */
export function forgetWatched(profile: number): void {
  const store = readWatched();
  if (!(String(profile) in store)) return;
  delete store[String(profile)];
  write(store);
}
