import { hasActiveSubscription } from '../../rules/subscription';
import { ageLimit } from '../../rules/age';
import type { UserRow } from '../kernel/users';
import type { Refused } from '../kernel/refusals';
import type { Config } from '../configs/schemas';
import { activeUnlock } from '../payments/tickets';
import { activeLoan } from './library';
import { resolveViewer, type ProfileRow } from '../profiles/queries';
import type { Access } from './schemas';

/**
 * Who is asking, for the calls that decide playback (content page `access`, stream_url, watched
 * time): the user and the viewing profile (the `requested` one, which must be theirs, else the
 * refusal PROFILE_NOT_FOUND, and unlocked in this session, else PROFILE_LOCKED; else the session's
 * current profile, else the first), its age limit, and whether the
 * account has an active subscription. Guests: no user, no profile, no age limit, never subscribed.
 * The config is read at most once, and for guests only when asked (`config()`).
 */
export type PlaybackViewer = {
  user: UserRow | null;
  profile: ProfileRow | null;
  /** The profile's age limit (rules/age ageLimit; the catalogue's AgeLimit): null lets every title through. */
  age: number | null;
  subscribed: boolean;
  config: () => Promise<Config>;
};

/** Why a caller cannot act as the profile they asked for: not theirs, or its PIN not entered in this session. */
export type ViewerRefusal = 'PROFILE_NOT_FOUND' | 'PROFILE_LOCKED';

/** The viewer of a call by `caller` (null for a guest) asking for the `requested` profile; `config` is read at most once. */
export async function findPlaybackViewer(
  db: D1Database,
  config: () => Promise<Config>,
  caller: { user: UserRow; sessionId: string } | null,
  requested: number | undefined,
): Promise<{ ok: true; viewer: PlaybackViewer } | Refused<ViewerRefusal>> {
  if (!caller) return { ok: true, viewer: { user: null, profile: null, age: null, subscribed: false, config } };
  const viewer = await resolveViewer(db, caller.user, caller.sessionId, await config(), requested);
  if (viewer === 'missing') return { ok: false, refusal: 'PROFILE_NOT_FOUND' };
  if (requested !== undefined && viewer.locked) return { ok: false, refusal: 'PROFILE_LOCKED' };
  const { user } = caller;
  return { ok: true, viewer: { user, profile: viewer.row, age: ageLimit(viewer.row.age_restriction), subscribed: hasActiveSubscription(user), config } };
}

/**
 * Per-title geoblocking (spec §6): an empty list plays everywhere; otherwise the country must be in
 * it. Cloudflare's "unknown" (XX) and Tor (T1) are outside every list. No country at all ('') only
 * happens without request.cf, i.e. local development: allowed, as the site-wide geoblock does
 * (worker/edge/geoblock), so `npm start` plays every title.
 */
export function countryAllowed(allowedCountries: readonly string[], country: string): boolean {
  if (allowedCountries.length === 0 || country === '') return true;
  return allowedCountries.some((code) => code.toUpperCase() === country);
}

/** The rights of a title: its own, with an episode inheriting premium and countries from its series. */
export type TitleRights = { premium: boolean; allowedCountries: string[] };

/**
 * Spec §6 Premium subscriber and geoblocking, as one decision: outside the title's countries →
 * 'geoblocked' (subscribing would not help, so it wins); a premium title on a platform that is not
 * free, for a caller without an active subscription (guests never have one) → 'premium'; else 'ok'.
 */
export function decideAccess(rights: TitleRights, caller: { country: string; subscribed: boolean; freePlatform: boolean }): Access {
  if (!countryAllowed(rights.allowedCountries, caller.country)) return 'geoblocked';
  if (rights.premium && !caller.subscribed && !caller.freePlatform) return 'premium';
  return 'ok';
}

/**
 * decideAccess for a caller from `at.country` at `at.now`; reads the config only when the answer
 * depends on free_platform. A premium title that a ticket unlocked for this account (`titleIds`: the
 * title, and its series for an episode) plays as if subscribed while the unlock runs (spec §9, 48
 * hours), and so does a library title while a loan of it runs (issue 17, 72 hours).
 */
export async function titleAccess(db: D1Database, at: { country: string; now: Date }, viewer: PlaybackViewer, rights: TitleRights, titleIds: number[] = []): Promise<Access> {
  const needsConfig = rights.premium && !viewer.subscribed && countryAllowed(rights.allowedCountries, at.country);
  const freePlatform = needsConfig ? (await viewer.config()).free_platform : false;
  const access = decideAccess(rights, { country: at.country, subscribed: viewer.subscribed, freePlatform });
  if (access !== 'premium' || !viewer.user) return access;
  // A library title plays while the user has a running 72-hour loan on it (issue 17, worker/api/libraries).
  const [unlock, loan] = await Promise.all([activeUnlock(db, viewer.user.id, titleIds, at.now), activeLoan(db, viewer.user.id, titleIds, at.now)]);
  return unlock || loan ? 'ok' : 'premium';
}

/** A member's ticket balance and a running unlock of this title, on premium titles they are not subscribed for. */
export async function ticketFacts(db: D1Database, now: Date, viewer: PlaybackViewer, premiumForThem: boolean, titleIds: number[]): Promise<{ credits: number; until: string | null } | null> {
  if (!viewer.user || !premiumForThem) return null;
  const unlock = await activeUnlock(db, viewer.user.id, titleIds, now);
  return { credits: viewer.user.credits, until: unlock?.expires_at ?? null };
}

/** Reads a JSON array of country codes (contents.allowed_countries); anything else is []. */
export function countryList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim().toUpperCase()) : [];
  } catch {
    return [];
  }
}

/** An episode's own country list when it has one, else its series'. */
export const effectiveCountries = (own: string | null | undefined, parent: string | null | undefined): string[] => {
  const list = countryList(own);
  return list.length > 0 ? list : countryList(parent);
};
