import type { Context } from 'hono';
import { ageLimit } from '../../rules/age';
import type { AppEnv } from '../../env';
import { authenticate } from '../kernel/auth';
import { readConfig } from '../configs/queries';
import { apiError } from '../errors';
import { resolveViewer } from './queries';

/** `profileId` (catalogue calls, spec §7) or `profile` (GET auth/user) as a positive integer, if given. */
export function requestedProfile(c: Context<AppEnv>, name: 'profileId' | 'profile'): number | undefined {
  const raw = c.req.query(name);
  if (raw === undefined || raw === '') return undefined;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) apiError(400, 'PROFILE_NOT_FOUND', name);
  return id;
}

/**
 * Spec §5 Age restriction filter: the age limit of whoever is watching this catalogue call, or null
 * (nothing filtered) for guests and profiles without restriction. A logged-in caller is the
 * `profileId` profile (404 PROFILE_NOT_FOUND if not theirs, 403 PROFILE_LOCKED if its PIN was not
 * entered in this session), else the session's current profile, else the account's first.
 */
export async function viewerAgeLimit(c: Context<AppEnv>): Promise<number | null> {
  const auth = await authenticate(c);
  if (!auth) return null;
  const requested = requestedProfile(c, 'profileId');
  const viewer = await resolveViewer(c.env.DB, auth.user, auth.sessionId, await readConfig(c.env), requested);
  if (viewer === 'missing') apiError(404, 'PROFILE_NOT_FOUND', String(requested));
  if (requested !== undefined && viewer.locked) apiError(403, 'PROFILE_LOCKED', String(requested));
  return ageLimit(viewer.row.age_restriction);
}
