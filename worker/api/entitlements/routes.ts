import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import type { StreamOwner } from '../../limits/streams';
import { apiError } from '../errors';
import { authenticate } from '../kernel/auth';
import { now } from '../kernel/clock';
import { refuse, type RefusalAnswers } from '../kernel/refusals';
import type { UserRow } from '../kernel/users';
import { readConfig } from '../configs/queries';
import type { Config } from '../configs/schemas';
import { findPlaybackViewer, ticketFacts, titleAccess, type PlaybackViewer, type TitleRights, type ViewerRefusal } from './access';
import type { Access } from './schemas';

/**
 * The request side of entitlements, for the routes of every area that plays, lists or acts for a
 * profile (it mounts no route of its own): who is watching (the profile a call asks for), from which
 * country, whose streams count together, and the one table that answers the entitlement refusals.
 */
export const ENTITLEMENT_REFUSALS: RefusalAnswers<ViewerRefusal | 'LIBRARY_CARD_REQUIRED'> = {
  PROFILE_NOT_FOUND: [404, 'PROFILE_NOT_FOUND'],
  PROFILE_LOCKED: [403, 'PROFILE_LOCKED'],
  // Spec §8: a library title the caller cannot watch.
  LIBRARY_CARD_REQUIRED: [403, 'LIBRARY_CARD_REQUIRED', 'a valid library card is required to watch'],
};

/** `profileId` (catalogue calls, spec §7) or `profile` (GET auth/user) as a positive integer, if given: else 400 PROFILE_NOT_FOUND. */
export function requestedProfile(c: Context<AppEnv>, name: 'profileId' | 'profile'): number | undefined {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return undefined;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) apiError(400, 'PROFILE_NOT_FOUND', name);
  return id;
}

/** findPlaybackViewer for this request's `caller`, its refusals answered; the config is read at most once, and for guests only when asked. */
async function viewerOf(c: Context<AppEnv>, caller: { user: UserRow; sessionId: string } | null, requested: number | undefined): Promise<PlaybackViewer> {
  let configRead: Promise<Config> | undefined;
  const config = () => (configRead ??= readConfig(c.env));
  const found = await findPlaybackViewer(c.env.DB, config, caller, requested);
  if (!found.ok) refuse(ENTITLEMENT_REFUSALS, found.refusal, String(requested));
  return found.viewer;
}

/**
 * The viewer of this request: the caller of an optional Bearer token and the `requested` profile,
 * which must be theirs (404 PROFILE_NOT_FOUND) and unlocked in this session (403 PROFILE_LOCKED).
 */
export async function playbackViewer(c: Context<AppEnv>, requested: number | undefined): Promise<PlaybackViewer> {
  return viewerOf(c, await authenticate(c), requested);
}

/**
 * Spec §5 Age restriction filter: the age limit of whoever is watching this catalogue call (the
 * `profileId` profile, else the session's current profile, else the account's first), or null
 * (nothing filtered) for guests, whose `profileId` is not read, and profiles without restriction.
 */
export async function viewerAgeLimit(c: Context<AppEnv>): Promise<number | null> {
  const caller = await authenticate(c);
  return caller ? (await viewerOf(c, caller, requestedProfile(c, 'profileId'))).age : null;
}

/** The viewer of a call for members only: guests (and an account without a profile) get 401. */
export async function memberViewer(c: Context<AppEnv>, requested: number | undefined): Promise<PlaybackViewer & { user: UserRow; profile: NonNullable<PlaybackViewer['profile']> }> {
  const viewer = await playbackViewer(c, requested);
  if (!viewer.user || !viewer.profile) apiError(401, 'E_UNAUTHORIZED_ACCESS', 'login required');
  return { ...viewer, user: viewer.user, profile: viewer.profile };
}

/** 403 for a library title the caller cannot watch. */
export const libraryCardRequired = (): never => refuse(ENTITLEMENT_REFUSALS, 'LIBRARY_CARD_REQUIRED');

/**
 * The caller's ISO country: `X-Client-Country` as the edge forwards it (worker/proxy, from
 * request.cf.country), else this request's own request.cf.country; '' when unknown.
 */
export function callerCountry(c: Context<AppEnv>): string {
  const cf = c.req.raw.cf as { country?: unknown } | undefined;
  const country = c.req.header('x-client-country') || (typeof cf?.country === 'string' ? cf.country : '');
  return country.trim().toUpperCase();
}

/** titleAccess for this request: its country, its clock. */
export const accessFor = (c: Context<AppEnv>, viewer: PlaybackViewer, rights: TitleRights, titleIds: number[] = []): Promise<Access> =>
  titleAccess(c.env.DB, { country: callerCountry(c), now: now(c) }, viewer, rights, titleIds);

/** ticketFacts at this request's clock. */
export const requestTicketFacts = (c: Context<AppEnv>, viewer: PlaybackViewer, premiumForThem: boolean, titleIds: number[]) =>
  ticketFacts(c.env.DB, now(c), viewer, premiumForThem, titleIds);

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
