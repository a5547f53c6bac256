import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { AppEnv } from '../../env';
import { consumeAll, limiter } from '../../limits';
import { DEVICE_CODE_TTL_SECONDS, POLL_INTERVAL_SECONDS, SLOW_DOWN_SECONDS, formatUserCode, newUserCode, type DeviceLookup } from '../../rules/device-link';
import { caller, requireAuth } from '../kernel/auth';
import { clientOf, publicOrigin, tooMany } from '../kernel/request';
import { randomToken, sessionTokens, sha256 } from '../kernel/tokens';
import { now } from '../kernel/clock';
import { readConfig } from '../configs/queries';
import { apiError } from '../errors';
import { checkProfilePin, pinLocked } from '../profiles/pin-check';
import { resolveViewer } from '../profiles/queries';
import { validationHook } from '../kernel/validation';
import { approveGrant, denyGrant, grantByUserCode, insertGrant, pollGrant, type GrantRow } from './queries';
import { ApproveInput, CodeRequest, DenyInput, LookupQuery, TokenRequest, type CodeAnswer, type GrantError, type TokenAnswer } from './schemas';

/**
 * TV sign-in (issue 15, spec §2 "TV linking"): the OAuth 2.0 device authorization grant, RFC 8628,
 * on the existing sessions. Mounted at /auth/device:
 *   POST /auth/device/code     the TV: device_code, user_code, verification_uri(_complete), expires_in, interval
 *   POST /auth/device/token    the TV polls: authorization_pending, slow_down, access_denied, expired_token, or tokens once
 *   GET  /auth/device          the person (signed in): what the typed code would link
 *   POST /auth/device/approve  the person: the code and a profile (its PIN if locked) → the TV's session
 *   POST /auth/device/deny     the person refuses the TV
 * The TV's session is a row of the account's device history, signed out from there like any other.
 */

type Ctx = Context<AppEnv>;
const ms = (c: Ctx): number => now(c).getTime();

/** RFC 8628 §3.5 / RFC 6749 §5.2: `{ error, error_description }`, with this API's `{ status, message }` beside. */
function grantError(c: Ctx, error: GrantError, description: string, status: ContentfulStatusCode = 400, extra: Record<string, number> = {}) {
  return c.json({ error, error_description: description, status, message: `${error}: ${description}`, ...extra }, status, { 'Cache-Control': 'no-store' });
}

/** The token endpoint's body: application/x-www-form-urlencoded as RFC 6749 §4.1.3 says, or JSON. */
async function tokenRequest(c: Ctx): Promise<z.infer<typeof TokenRequest> | GrantError> {
  const type = c.req.header('content-type') ?? '';
  let raw: unknown;
  try {
    raw = type.includes('application/json') ? await c.req.json() : Object.fromEntries(new URLSearchParams(await c.req.text()));
  } catch {
    return 'invalid_request';
  }
  const parsed = TokenRequest.safeParse(raw);
  if (parsed.success) return parsed.data;
  return parsed.error.issues.some((i) => i.message === 'unsupported_grant_type') ? 'unsupported_grant_type' : 'invalid_request';
}

/** A pending code that has not expired, else the spec'd 400. */
async function pendingGrant(c: Ctx, userCode: string): Promise<GrantRow> {
  const grant = await grantByUserCode(c.env.DB, userCode);
  if (!grant) apiError(400, 'DEVICE_CODE_INVALID', 'no such code');
  if (grant.status !== 'pending') apiError(409, 'DEVICE_CODE_USED', 'this code was already used');
  if (grant.expires_at <= ms(c)) apiError(400, 'DEVICE_CODE_EXPIRED', 'this code has expired');
  return grant;
}

/** The counters a typed code counts in: this account's, and its address's (rules 'device-link', 'device-link-ip'). */
const tryKeys = (c: Ctx, userId: string) =>
  [
    ['device-link', `user:${userId}`],
    ['device-link-ip', clientOf(c).ip || 'unknown-ip'],
  ] as const;

/** Wrong codes typed are counted before the code is looked up, per account and per address. */
async function countTry(c: Ctx, userId: string): Promise<Response | null> {
  const state = await consumeAll(c.env, tryKeys(c, userId));
  return state.allowed ? null : tooMany(c, 'TOO_MANY_ATTEMPTS', state.retryAfter, `wait ${state.retryAfter} seconds`);
}

/** A right code gives its tries back. */
async function releaseTry(c: Ctx, userId: string): Promise<void> {
  const limits = limiter(c.env);
  await Promise.all(tryKeys(c, userId).map(([rule, key]) => limits.release(rule, key)));
}

export const deviceLink = new Hono<AppEnv>()
  .post('/code', async (c) => {
    const type = c.req.header('content-type') ?? '';
    const raw: unknown = type.includes('application/json')
      ? await c.req.json().catch(() => null)
      : Object.fromEntries(new URLSearchParams(await c.req.text()));
    const input = CodeRequest.safeParse(raw);
    if (!input.success) return grantError(c, 'invalid_request', 'client_id is required (letters, digits, . _ -)');
    const client = clientOf(c);
    const gate = await consumeAll(c.env, [['device-code-ip', client.ip || 'unknown-ip']]);
    if (!gate.allowed) return tooMany(c, 'TOO_MANY_REQUESTS', gate.retryAfter, `wait ${gate.retryAfter} seconds`);
    const at = ms(c);
    const deviceCode = randomToken();
    let userCode = newUserCode();
    // A user code is unique among live grants: on the rare collision, draw again.
    for (let attempt = 0; ; attempt += 1) {
      const stored = await insertGrant(c.env.DB, {
        device_code_hash: await sha256(deviceCode),
        user_code: userCode,
        client_id: input.data.client_id,
        device_name: input.data.device_name ?? '',
        device_id: client.deviceId.slice(0, 64),
        user_agent: client.userAgent.slice(0, 300),
        country: client.country.slice(0, 2),
        city: client.city.slice(0, 100),
        created_at: at,
        expires_at: at + DEVICE_CODE_TTL_SECONDS * 1000,
        poll_interval: POLL_INTERVAL_SECONDS,
      });
      if (stored) break;
      if (attempt === 4) apiError(503, 'TRY_AGAIN', 'no free user code');
      userCode = newUserCode();
    }
    const verification = `${publicOrigin(c)}/tv/link`;
    const answer: CodeAnswer = {
      device_code: deviceCode,
      user_code: formatUserCode(userCode),
      verification_uri: verification,
      verification_uri_complete: `${verification}?code=${formatUserCode(userCode)}`,
      expires_in: DEVICE_CODE_TTL_SECONDS,
      interval: POLL_INTERVAL_SECONDS,
    };
    return c.json(answer, 200, { 'Cache-Control': 'no-store' });
  })

  .post('/token', async (c) => {
    const input = await tokenRequest(c);
    if (typeof input === 'string') return grantError(c, input, input === 'unsupported_grant_type' ? 'grant_type must be the device code grant' : 'device_code and client_id are required');
    const at = ms(c);
    const grant = await pollGrant(c.env.DB, await sha256(input.device_code), input.client_id, at, SLOW_DOWN_SECONDS);
    if (!grant) return grantError(c, 'invalid_grant', 'unknown device code');
    if (grant.claimed === 1 && grant.user_id && grant.session_id) {
      const tokens = await sessionTokens(c.env, grant.user_id, grant.session_id, at);
      const ttl = Number.parseInt(c.env.ACCESS_TOKEN_TTL_SECONDS, 10) || 900;
      const answer: TokenAnswer = {
        access_token: tokens.token,
        token_type: 'Bearer',
        expires_in: ttl,
        refresh_token: tokens.refreshToken,
        ...tokens,
        profile_id: grant.profile_id,
      };
      return c.json(answer, 200, { 'Cache-Control': 'no-store' });
    }
    if (grant.status === 'issued') return grantError(c, 'invalid_grant', 'this device code was already used');
    if (grant.status === 'denied') return grantError(c, 'access_denied', 'the person refused this device');
    if (grant.expires_at <= at) return grantError(c, 'expired_token', 'the device code has expired: ask for a new one');
    if (grant.slowed === 1) return grantError(c, 'slow_down', `poll at most every ${grant.poll_interval} seconds`, 400, { interval: grant.poll_interval });
    return grantError(c, 'authorization_pending', 'waiting for the person to enter the code');
  })

  .get('/', requireAuth, zValidator('query', LookupQuery, validationHook), async (c) => {
    const { user } = caller(c);
    const limited = await countTry(c, user.id);
    if (limited) return limited;
    const grant = await pendingGrant(c, c.req.valid('query').user_code);
    const answer: DeviceLookup = {
      user_code: formatUserCode(grant.user_code),
      device_name: grant.device_name,
      user_agent: grant.user_agent,
      country: grant.country,
      city: grant.city,
      expires_at: grant.expires_at,
    };
    // A right code gives its try back: looking the TV up before approving costs nothing.
    await limiter(c.env).release('device-link', `user:${user.id}`);
    return c.json(answer);
  })

  .post('/approve', requireAuth, zValidator('json', ApproveInput, validationHook), async (c) => {
    const { user, sessionId } = caller(c);
    const input = c.req.valid('json');
    const limited = await countTry(c, user.id);
    if (limited) return limited;
    const grant = await pendingGrant(c, input.user_code);
    const viewer = await resolveViewer(c.env.DB, user, sessionId, await readConfig(c.env));
    if (viewer === 'missing') apiError(404, 'PROFILE_NOT_FOUND', String(input.profile_id));
    const profile = viewer.rows.find((p) => p.id === input.profile_id);
    if (!profile) apiError(404, 'PROFILE_NOT_FOUND', String(input.profile_id));
    // Spec §6: a kids profile never hands a TV a grown-up profile.
    if (viewer.row.is_kid === 1 && profile.is_kid !== 1) apiError(403, 'KIDS_PROFILE', 'a kids profile can link a TV to a kids profile only');
    if (pinLocked(profile)) {
      const check = await checkProfilePin(limiter(c.env), profile, input.pin ?? '');
      if (!check.ok && check.retryAfter > 0) return tooMany(c, 'TOO_MANY_ATTEMPTS', check.retryAfter, `wait ${check.retryAfter} seconds`);
      if (!check.ok) apiError(400, 'CODE_WAS_INCORRECT', 'wrong PIN');
    }
    const place = { deviceId: grant.device_id, userAgent: grant.user_agent, deviceName: grant.device_name, country: grant.country, city: grant.city };
    const linked = await approveGrant(c.env.DB, grant.user_code, { userId: user.id, profileId: profile.id, sessionId: crypto.randomUUID(), place }, ms(c));
    if (!linked) apiError(409, 'DEVICE_CODE_USED', 'this code was already used');
    // A right code gives its try back.
    await releaseTry(c, user.id);
    return c.json({ status: 200, message: 'DEVICE_LINKED', device_name: grant.device_name, profile_id: profile.id });
  })

  .post('/deny', requireAuth, zValidator('json', DenyInput, validationHook), async (c) => {
    const { user } = caller(c);
    const limited = await countTry(c, user.id);
    if (limited) return limited;
    const grant = await pendingGrant(c, c.req.valid('json').user_code);
    if (!(await denyGrant(c.env.DB, grant.user_code, ms(c)))) apiError(409, 'DEVICE_CODE_USED', 'this code was already used');
    await releaseTry(c, user.id);
    return c.json({ status: 200, message: 'DEVICE_DENIED' });
  });
