import type { Context } from 'hono';
import { hasActiveSubscription } from '../../rules/subscription';
import { ageLimit } from '../../rules/age';
import type { AppEnv } from '../../env';
import type { StreamOwner } from '../../limits/streams';
import { authenticate } from '../kernel/auth';
import type { UserRow } from '../kernel/users';
import { readConfig } from '../configs/queries';
import type { Config } from '../configs/schemas';
import { now } from '../kernel/clock';
import { apiError } from '../errors';
import { activeUnlock } from '../payments/tickets';
import { activeLoan } from './library';
import { resolveViewer, type ProfileRow } from '../profiles/queries';
import type { Access } from './schemas';

/**
 * Who is asking, for the calls that decide playback (content page `access`, stream_url, watched
 * time): the user and the viewing profile (the `requested` one, which must be theirs: 404
 * PROFILE_NOT_FOUND; 403 PROFILE_LOCKED while its PIN was not entered in this session; else the
 * session's current profile, else the first — as viewerAgeLimit), its age limit, and whether the
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

export async function playbackViewer(c: Context<AppEnv>, requested: number | undefined): Promise<PlaybackViewer> {
  let configRead: Promise<Config> | undefined;
  const config = () => (configRead ??= readConfig(c.env));
  const auth = await authenticate(c);
  if (!auth) return { user: null, profile: null, age: null, subscribed: false, config };
  const viewer = await resolveViewer(c.env.DB, auth.user, auth.sessionId, await config(), requested);
  if (viewer === 'missing') apiError(404, 'PROFILE_NOT_FOUND', String(requested));
  if (requested !== undefined && viewer.locked) apiError(403, 'PROFILE_LOCKED', String(requested));
  return { user: auth.user, profile: viewer.row, age: ageLimit(viewer.row.age_restriction), subscribed: hasActiveSubscription(auth.user), config };
}

/**
 * The caller's ISO country: `X-Client-Country` as the edge forwards it (worker/proxy, from
 * request.cf.country), else this request's own request.cf.country; '' when unknown.
 */
export function callerCountry(c: Context<AppEnv>): string {
  const cf = c.req.raw.cf as { country?: unknown } | undefined;
  const country = c.req.header('x-client-country') || (typeof cf?.country === 'string' ? cf.country : '');
  return country.trim().toUpperCase();
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
 * decideAccess for this request; reads the config only when the answer depends on free_platform.
 * A premium title that a ticket unlocked for this account (`titleIds`: the title, and its series for
 * an episode) plays as if subscribed while the unlock runs (spec §9, 48 hours), and so does a library
 * title while a loan of it runs (issue 17, 72 hours).
 */
export async function accessFor(c: Context<AppEnv>, viewer: PlaybackViewer, rights: TitleRights, titleIds: number[] = []): Promise<Access> {
  const country = callerCountry(c);
  const needsConfig = rights.premium && !viewer.subscribed && countryAllowed(rights.allowedCountries, country);
  const freePlatform = needsConfig ? (await viewer.config()).free_platform : false;
  const access = decideAccess(rights, { country, subscribed: viewer.subscribed, freePlatform });
  if (access !== 'premium' || !viewer.user) return access;
  // A library title plays while the user has a running 72-hour loan on it (issue 17, worker/api/libraries).
  const [unlock, loan] = await Promise.all([activeUnlock(c.env.DB, viewer.user.id, titleIds, now(c)), activeLoan(c.env.DB, viewer.user.id, titleIds, now(c))]);
  return unlock || loan ? 'ok' : 'premium';
}

/** A member's ticket balance and a running unlock of this title, on premium titles they are not subscribed for. */
export async function ticketFacts(c: Context<AppEnv>, viewer: PlaybackViewer, premiumForThem: boolean, titleIds: number[]): Promise<{ credits: number; until: string | null } | null> {
  if (!viewer.user || !premiumForThem) return null;
  const unlock = await activeUnlock(c.env.DB, viewer.user.id, titleIds, now(c));
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

/**
 * Whose streams count together: the account when logged in, else the guest's device (the
 * X-Device-Id header every call carries, spec §7; the client IP when a direct caller sent none).
 * Never the guest's network address: many guests share one (carrier-grade NAT).
 */
export function streamOwner(c: Context<AppEnv>, user: Pick<UserRow, 'id'> | null): StreamOwner {
  if (user) return { userId: user.id };
  const device = (c.req.header('x-device-id') ?? '').trim();
  if (/^[\w-]{8,64}$/.test(device)) return { deviceId: device };
  return { deviceId: `ip:${c.req.header('x-client-ip') || c.req.header('cf-connecting-ip') || 'unknown'}` };
}
