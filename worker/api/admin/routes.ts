import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { csvFile } from '../../rules/csv';
import { STAFF_ROLES } from '../../rules/staff';
import { now } from '../kernel/clock';
import { answer, type RefusalAnswers } from '../kernel/refusals';
import { tooMany } from '../kernel/request';
import { actorOf, can, originOf, requireStaff, staffOf } from '../kernel/staff';
import { validationHook } from '../kernel/validation';
import { auditActions, listAudit } from './audit-log';
import { customers } from './customers/routes';
import { refunds } from '../payments/refunds/routes';
import { coupons } from '../payments/coupons-admin/routes';
import { reconciliation } from '../payments/reconciliation/routes';
import { support } from '../contact/support/routes';
import { reports } from '../reports/routes';
import { grantRole, listStaff, revokeRole, type GrantRefusal } from './grants';
import { addPasskey, listPasskeys, registrationOptions, relyingParty, removePasskey, type AddRefusal } from './passkeys';
import { AuditQuery, GrantInput, PasskeyChallengeInput, PasskeyInput, PasskeySignInInput, RevokeInput, SignInInput, StaffQuery, VerifyInput } from './schemas';
import { endStaffSession, finishSignIn, finishWithPasskey, passkeyOptions, startSignIn, type SignInRefusal } from './signin';

/**
 * The back office's own API (issue 32), at /admin: signing in with a second factor, the signed-in
 * staff member, roles, and the audit log. Every route but the two sign-in steps needs a console
 * session (`x-staff-session`), and each its permission (worker/api/kernel/staff.ts).
 */

const SIGN_IN_REFUSALS: RefusalAnswers<SignInRefusal> = {
  // Answered with its delay before this table (tooMany).
  TOO_FREQUENT: [429, 'LOGIN_TOO_FREQUENT', 'too many attempts'],
  INVALID: [400, 'E_INVALID_CREDENTIALS', 'Login failed'],
  SUSPENDED: [403, 'USER_SUSPENDED', 'account suspended'],
  NOT_STAFF: [403, 'STAFF_FORBIDDEN', 'this account holds no console role'],
  CHALLENGE_EXPIRED: [401, 'STAFF_CHALLENGE_EXPIRED', 'sign in again'],
  CODE_INVALID: [400, 'STAFF_CODE_INVALID', 'the code is wrong or already used'],
  NO_PASSKEY: [400, 'STAFF_NO_PASSKEY', 'this account holds no passkey: use a code'],
  PASSKEY_EXPIRED: [400, 'STAFF_PASSKEY_EXPIRED', 'the passkey request expired or was already answered: try again'],
  PASSKEY_INVALID: [400, 'STAFF_PASSKEY_INVALID', 'the passkey was not accepted'],
};

const PASSKEY_REFUSALS: RefusalAnswers<AddRefusal | 'PASSKEY_NOT_FOUND'> = {
  PASSKEY_EXPIRED: [400, 'STAFF_PASSKEY_EXPIRED', 'the passkey request expired or was already answered: try again'],
  PASSKEY_INVALID: [400, 'STAFF_PASSKEY_INVALID', 'the passkey was not accepted'],
  TOO_MANY_PASSKEYS: [409, 'STAFF_TOO_MANY_PASSKEYS', 'remove a passkey first'],
  PASSKEY_EXISTS: [409, 'STAFF_PASSKEY_EXISTS', 'this passkey is already added'],
  PASSKEY_NOT_FOUND: [404, 'STAFF_PASSKEY_NOT_FOUND', 'no such passkey of yours'],
};

const GRANT_REFUSALS: RefusalAnswers<GrantRefusal> = {
  USER_NOT_FOUND: [404, 'USER_NOT_FOUND', 'no account with this email or phone'],
  ALREADY_GRANTED: [409, 'STAFF_ALREADY_GRANTED', 'this account already holds the role'],
  NOT_GRANTED: [404, 'STAFF_NOT_GRANTED', 'this account does not hold the role'],
  LAST_ADMINISTRATOR: [409, 'STAFF_LAST_ADMINISTRATOR', 'the last administrator keeps the role'],
};

const deps = (c: Parameters<typeof now>[0]) => ({ env: c.env, now: now(c), origin: originOf(c) });
/** The site as WebAuthn sees it (WEBAUTHN_ORIGIN, else the host the browser asked for). */
const rpOf = (c: Parameters<typeof now>[0]) => relyingParty(c.env.WEBAUTHN_ORIGIN, c.req.url, { host: c.req.header('x-forwarded-host'), proto: c.req.header('x-forwarded-proto') });
const change = (c: Parameters<typeof now>[0]) => ({ db: c.env.DB, actor: actorOf(c), origin: originOf(c), now: now(c) });

export const admin = new Hono<AppEnv>()
  // The console is never kept by a browser or a shared cache.
  .use(async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  })

  /** Step one: password → challenge (and the secret to set up, the first time). */
  .post('/session', zValidator('json', SignInInput, validationHook), async (c) => {
    const result = await startSignIn(deps(c), c.req.valid('json'));
    if (!result.ok && result.refusal === 'TOO_FREQUENT') return tooMany(c, 'LOGIN_TOO_FREQUENT', result.retryAfter ?? 1, 'too many attempts');
    return c.json(answer(SIGN_IN_REFUSALS, result));
  })

  /** Step two: challenge + code (or recovery code) → session token (and, the first time, the recovery codes). */
  .post('/session/verify', zValidator('json', VerifyInput, validationHook), async (c) => {
    const input = c.req.valid('json');
    const result = await finishSignIn(deps(c), { challenge: input.challenge, code: input.code, recoveryCode: input.recovery_code });
    if (!result.ok && result.refusal === 'TOO_FREQUENT') return tooMany(c, 'STAFF_CODE_TOO_FREQUENT', result.retryAfter ?? 1, 'too many codes');
    const signed = answer(SIGN_IN_REFUSALS, result);
    return c.json({ token: signed.token, expires_at: signed.expiresAt, recovery_codes: signed.recoveryCodes });
  })

  /** Step two with a passkey: the challenge → the options of navigator.credentials.get() (a challenge good once, for 5 minutes). */
  .post('/session/passkey/options', zValidator('json', PasskeyChallengeInput, validationHook), async (c) =>
    c.json(answer(SIGN_IN_REFUSALS, await passkeyOptions(deps(c), rpOf(c), c.req.valid('json').challenge))),
  )

  /** Step two with a passkey: challenge + the passkey's signature → session token. */
  .post('/session/passkey', zValidator('json', PasskeySignInInput, validationHook), async (c) => {
    const result = await finishWithPasskey(deps(c), rpOf(c), c.req.valid('json'));
    if (!result.ok && result.refusal === 'TOO_FREQUENT') return tooMany(c, 'STAFF_CODE_TOO_FREQUENT', result.retryAfter ?? 1, 'too many attempts');
    const signed = answer(SIGN_IN_REFUSALS, result);
    return c.json({ token: signed.token, expires_at: signed.expiresAt, recovery_codes: signed.recoveryCodes });
  })

  /** The signed-in staff member's own passkeys (any console role). */
  .get('/security/passkeys', requireStaff, async (c) => c.json({ passkeys: await listPasskeys(c.env.DB, staffOf(c).userId) }))
  /** The options of navigator.credentials.create() to add a passkey (a challenge good once, for 5 minutes). */
  .post('/security/passkeys/options', requireStaff, async (c) => {
    const staff = staffOf(c);
    return c.json(await registrationOptions({ db: c.env.DB, now: now(c), rp: rpOf(c) }, { id: staff.userId, name: staff.email ?? staff.userId }));
  })
  .post('/security/passkeys', requireStaff, zValidator('json', PasskeyInput, validationHook), async (c) =>
    c.json(answer(PASSKEY_REFUSALS, await addPasskey({ ...change(c), rp: rpOf(c) }, c.req.valid('json'))), 201),
  )
  .delete('/security/passkeys/:id', requireStaff, async (c) => {
    answer(PASSKEY_REFUSALS, await removePasskey(change(c), c.req.param('id').slice(0, 1400)));
    return c.json({ status: 200, message: 'PASSKEY_REMOVED' });
  })

  .delete('/session', requireStaff, async (c) => {
    await endStaffSession(c.env.DB, staffOf(c).sessionHash);
    return c.json({ status: 200, message: 'SIGNED_OUT' });
  })

  /** The signed-in staff member: roles and permissions (the console shows only what they may do). */
  .get('/me', requireStaff, (c) => {
    const staff = staffOf(c);
    return c.json({ id: staff.userId, email: staff.email, roles: staff.roles, permissions: staff.permissions });
  })

  .get('/staff', can('staff.read'), zValidator('query', StaffQuery, validationHook), async (c) =>
    c.json({ staff: await listStaff(c.env.DB, c.req.valid('query')), roles: STAFF_ROLES }),
  )
  .post('/staff/grants', can('staff.grant'), zValidator('json', GrantInput, validationHook), async (c) =>
    c.json(answer(GRANT_REFUSALS, await grantRole(change(c), c.req.valid('json'))), 201),
  )
  .post('/staff/revocations', can('staff.grant'), zValidator('json', RevokeInput, validationHook), async (c) => {
    const input = c.req.valid('json');
    return c.json(answer(GRANT_REFUSALS, await revokeRole(change(c), { userId: input.user_id, role: input.role, reason: input.reason })));
  })

  /** The customer's whole story: search, the account and its timeline, support's actions (worker/api/admin/customers). */
  .route('/customers', customers)
  /** Refunds and credit notes, the refund_due queue (worker/api/payments/refunds). */
  .route('/refunds', refunds)
  /** The support inbox: tickets, replies, notes, saved answers (worker/api/contact/support). */
  .route('/support', support)
  /** Coupons: codes, batches, uses (worker/api/payments/coupons-admin). */
  .route('/coupons', coupons)
  /** Cash vouchers, agents' collections and mobile payments against the networks' confirmations (worker/api/payments/reconciliation). */
  .route('/reconciliation', reconciliation)
  /** The reports: revenue net of refunds, subscribers and MRR, trials, churn, ads, libraries, events (worker/api/reports). */
  .route('/reports', reports)

  /** The audit log, filtered, newest first; `format=csv` exports the filtered entries (up to 10,000). */
  .get('/audit', can('audit.read'), zValidator('query', AuditQuery, validationHook), async (c) => {
    const q = c.req.valid('query');
    const filter = { staff: q.staff, entity: q.entity, entityId: q.entity_id, action: q.action, from: q.from, to: q.to, before: q.before };
    if (q.format === 'csv') {
      const { entries } = await listAudit(c.env.DB, filter, 10_000);
      const rows = entries.map((e) => [e.id, e.at, e.staff_email ?? e.staff_id, e.staff_roles, e.action, e.entity, e.entity_id, e.before_json, e.after_json, e.reason, e.ip, e.country]);
      const header = ['id', 'at', 'staff', 'roles', 'action', 'entity', 'entity_id', 'before', 'after', 'reason', 'ip', 'country'];
      return c.body(`\uFEFF${csvFile(header, rows)}`, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="audit-log.csv"' });
    }
    const [page, actions] = await Promise.all([listAudit(c.env.DB, filter), auditActions(c.env.DB)]);
    return c.json({ ...page, actions });
  });
