// What support does on a customer's account (issue 32). Each action takes a reason, refuses with a
// value, and writes its audit entry (before and after) in the same D1 batch as its change; the entry
// is guarded by the same condition as the change (the account still as it was read), so a double
// click or 20 parallel calls change it once and leave one entry. Actions whose change is a message
// sent (a code) write their entry once the message left.
import { checkEmail } from '../../../rules/account';
import { isLang, type Lang } from '../../../rules/lang';
import { profileName } from '../../../rules/profiles';
import type { Mailer, SmsSender } from '../../../messaging';
import { SendError } from '../../../messaging';
import { audit, auditStatement, type AuditEntry, type Origin } from '../../kernel/audit';
import type { CodeUse } from '../../kernel/codes';
import { done, refused, type Result } from '../../kernel/refusals';
import type { Staff } from '../../kernel/staff';
import { revokeSessionsStatement } from '../../kernel/tokens';
import { takenRefusal } from '../../auth/users';
import { grantPremium, type GrantDeps, type GrantRefusal } from '../../payments/grants';
import type { CustomerAction } from './schemas';
import { customerEmail, pinRemovedSms, type CustomerNotice } from './emails';
import { customerAccount } from './view';

export type ActionRefusal =
  | 'USER_NOT_FOUND'
  | 'OWN_ACCOUNT'
  | 'STAFF_ACCOUNT'
  | 'ALREADY_SUSPENDED'
  | 'NOT_SUSPENDED'
  | 'PROFILE_NOT_FOUND'
  | 'NO_PIN'
  | 'NO_EMAIL'
  | 'ALREADY_VERIFIED'
  | 'CODE_TOO_FREQUENT'
  | 'EMAIL_INVALID'
  | 'EMAIL_UNCHANGED'
  | 'EMAIL_TAKEN'
  | 'INVALID_CODE'
  | 'EMAIL_CHANGED'
  | 'SEND_FAILED'
  | GrantRefusal;

type Outcome<T> = Promise<Result<T, ActionRefusal>>;

/** Who acts (with the permissions held now), why, when and from where: what every entry records. */
export type Acting = { db: D1Database; staff: Pick<Staff, 'userId' | 'roles' | 'permissions'>; reason: string; origin: Origin; now: Date };

/** How the customer is told: the mailer, the SMS sender, and the site's origin for links. */
export type Notices = { mail: Mailer; sms: SmsSender; origin: string };

/** Verification codes: the sending limit of an address, and the codes themselves (worker/api/kernel/codes.ts). */
export type Codes = {
  /** Counts one code email to `to`: 0 when it may go, else the seconds to wait. */
  allow(to: string): Promise<number>;
  create(to: string, purpose: CodeUse): Promise<string>;
  /** The code's id when right (each check takes one of its tries), else null. */
  check(to: string, purpose: CodeUse, code: string): Promise<number | null>;
  use(id: number): Promise<unknown>;
  /** Sends an account verification code in `lang` (the auth area's email). */
  sendVerification(to: string, lang: Lang, code: string): Promise<void>;
};

type Target = NonNullable<Awaited<ReturnType<typeof customerAccount>>> & { language: Lang };

/**
 * The account acted on: it exists, it is not the actor's own, and a staff member's account is acted
 * on only by someone who may grant roles (support does not suspend an administrator).
 */
async function target(acting: Acting, userId: string): Outcome<Target> {
  const account = await customerAccount(acting.db, userId);
  if (!account) return refused('USER_NOT_FOUND', userId);
  if (account.id === acting.staff.userId) return refused('OWN_ACCOUNT');
  if (account.staff_roles && !acting.staff.permissions.includes('staff.grant')) return refused('STAFF_ACCOUNT');
  return done({ ...account, language: isLang(account.lang) ? account.lang : 'ar' });
}

const entry = (acting: Acting, action: CustomerAction, userId: string, before: unknown, after: unknown): AuditEntry => ({
  actor: { id: acting.staff.userId, roles: acting.staff.roles },
  action: `customer.${action}`,
  entity: 'user',
  entityId: userId,
  before,
  after,
  reason: acting.reason,
  origin: acting.origin,
  at: acting.now,
});

const warn = (event: string, fields: Record<string, unknown>) => console.warn(JSON.stringify({ level: 'warn', event, ...fields }));

/** Sends a notice; a provider's failure is answered as not sent (the change it tells of is already made). */
async function tell(send: () => Promise<void>, what: string, userId: string): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    if (!(error instanceof SendError)) throw error;
    warn('customer_notice_failed', { what, userId, error: error.message });
    return false;
  }
}

/** Suspends (the account's next request gets 403 USER_SUSPENDED, every session ends) or reinstates. */
export async function setSuspended(acting: Acting, userId: string, suspend: boolean): Outcome<{ active: boolean; sessionsEnded: number }> {
  const found = await target(acting, userId);
  if (!found.ok) return found;
  const { db, now } = acting;
  const [from, to] = suspend ? [1, 0] : [0, 1];
  const [logged, , revoked] = await db.batch([
    auditStatement(db, entry(acting, suspend ? 'suspend' : 'reinstate', userId, { active: from === 1 }, { active: to === 1 }), { sql: 'EXISTS (SELECT 1 FROM users WHERE id = ? AND is_active = ?)', args: [userId, from] }),
    db.prepare('UPDATE users SET is_active = ?1 WHERE id = ?2 AND is_active = ?3').bind(to, userId, from),
    ...(suspend ? [revokeSessionsStatement(db, { userId }, 'suspended', now.toISOString())] : []),
  ]);
  if (logged?.meta.changes !== 1) return refused(suspend ? 'ALREADY_SUSPENDED' : 'NOT_SUSPENDED');
  return done({ active: !suspend, sessionsEnded: revoked?.meta.changes ?? 0 });
}

/** Ends every session of the account (as a password reset does): each device signs in again. */
export async function signOutEverywhere(acting: Acting, userId: string): Outcome<{ sessionsEnded: number }> {
  const found = await target(acting, userId);
  if (!found.ok) return found;
  const { db, now } = acting;
  const open = await db.prepare('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?1 AND revoked_at IS NULL').bind(userId).first<{ n: number }>();
  const [, revoked] = await db.batch([
    auditStatement(db, entry(acting, 'sign_out', userId, { openSessions: open?.n ?? 0 }, { openSessions: 0 })),
    revokeSessionsStatement(db, { userId }, 'staff-sign-out', now.toISOString()),
  ]);
  return done({ sessionsEnded: revoked?.meta.changes ?? 0 });
}

/** Removes a profile's PIN (the profile opens without one) and tells the customer, by email, else SMS. */
export async function removePin(acting: Acting, notices: Notices, userId: string, profileId: number): Outcome<{ profileId: number; notified: 'email' | 'sms' | 'none' | 'failed' }> {
  const found = await target(acting, userId);
  if (!found.ok) return found;
  const account = found.value;
  const { db, now } = acting;
  const profile = await db
    .prepare('SELECT id, name, username, pin_hash IS NOT NULL AS pin, pin_is_activated FROM profiles WHERE id = ?1 AND user_id = ?2')
    .bind(profileId, userId)
    .first<{ id: number; name: string; username: string | null; pin: number; pin_is_activated: number }>();
  if (!profile) return refused('PROFILE_NOT_FOUND', String(profileId));
  const [logged] = await db.batch([
    auditStatement(
      db,
      entry(acting, 'pin_remove', userId, { profileId, pin: true, pinActive: profile.pin_is_activated === 1 }, { profileId, pin: false, pinActive: false }),
      { sql: 'EXISTS (SELECT 1 FROM profiles WHERE id = ? AND user_id = ? AND pin_hash IS NOT NULL)', args: [profileId, userId] },
    ),
    db.prepare('UPDATE profiles SET pin_hash = NULL, pin_is_activated = 0, pin_changed_at = ?1 WHERE id = ?2 AND user_id = ?3 AND pin_hash IS NOT NULL').bind(now.toISOString(), profileId, userId),
  ]);
  if (logged?.meta.changes !== 1) return refused('NO_PIN', String(profileId));
  const name = profileName(profile, account);
  const notice: CustomerNotice = { kind: 'pin_removed', profile: name, profileId };
  const { email, phone } = account;
  let notified: 'email' | 'sms' | 'none' | 'failed' = 'none';
  if (email) notified = (await tell(() => notices.mail.send({ to: email, ...customerEmail(account.language, notice, notices.origin) }), 'pin_removed', userId)) ? 'email' : 'failed';
  else if (phone) notified = (await tell(() => notices.sms.send({ to: phone, text: pinRemovedSms(account.language, name) }), 'pin_removed', userId)) ? 'sms' : 'failed';
  return done({ profileId, notified });
}

/** Counts one code email to `to`, then creates the code and sends it; the send failing is SEND_FAILED. */
async function sendOneCode(codes: Codes, to: string, purpose: CodeUse, send: (code: string) => Promise<void>): Outcome<null> {
  const wait = await codes.allow(to);
  if (wait > 0) return refused('CODE_TOO_FREQUENT', `wait ${wait} seconds`);
  const code = await codes.create(to, purpose);
  try {
    await send(code);
  } catch (error) {
    if (error instanceof SendError) return refused('SEND_FAILED', 'email provider');
    throw error;
  }
  return done(null);
}

/** Sends the account's email a new verification code (the one the account page asks for), in the customer's language. */
export async function resendVerification(acting: Acting, codes: Codes, userId: string): Outcome<{ email: string }> {
  const found = await target(acting, userId);
  if (!found.ok) return found;
  const { email, is_email_verified, language } = found.value;
  if (!email) return refused('NO_EMAIL');
  if (is_email_verified === 1) return refused('ALREADY_VERIFIED');
  const sent = await sendOneCode(codes, email, 'verify', (code) => codes.sendVerification(email, language, code));
  if (!sent.ok) return sent;
  await audit(acting.db, entry(acting, 'verification_resend', userId, null, { email }));
  return done({ email });
}

/** An address as stored (trimmed, lower case), or null when it is not an email address. */
const addressOf = (typed: string): string | null => {
  const address = typed.trim().toLowerCase();
  return checkEmail(address) === null ? address : null;
};

/** The code purpose that ties a new address to one account. */
const emailChange = (userId: string): CodeUse => `email-change:${userId}`;

/**
 * An email change, first step: a code sent to the new address, in the customer's language. The
 * customer reads it to support, who confirms with it (`confirmEmailChange`): the address is theirs.
 */
export async function requestEmailChange(acting: Acting, codes: Codes, notices: Notices, userId: string, typed: string): Outcome<{ email: string }> {
  const found = await target(acting, userId);
  if (!found.ok) return found;
  const account = found.value;
  const address = addressOf(typed);
  if (!address) return refused('EMAIL_INVALID', 'email');
  if (address === account.email) return refused('EMAIL_UNCHANGED', address);
  if (await acting.db.prepare('SELECT 1 AS x FROM users WHERE email = ?1').bind(address).first()) return refused('EMAIL_TAKEN', address);
  const sent = await sendOneCode(codes, address, emailChange(userId), (code) => notices.mail.send({ to: address, ...customerEmail(account.language, { kind: 'email_code', code }, notices.origin) }));
  if (!sent.ok) return sent;
  await audit(acting.db, entry(acting, 'email_change_request', userId, { email: account.email }, { email: address }));
  return done({ email: address });
}

/**
 * An email change, second step: the code the new address received makes it the account's, verified;
 * the old address (if any) is told. Refused when the account's email changed since it was read.
 */
export async function confirmEmailChange(acting: Acting, codes: Codes, notices: Notices, userId: string, typed: string, code: string): Outcome<{ email: string; notified: boolean }> {
  const found = await target(acting, userId);
  if (!found.ok) return found;
  const account = found.value;
  const address = addressOf(typed);
  if (!address) return refused('EMAIL_INVALID', 'email');
  const codeId = await codes.check(address, emailChange(userId), code);
  if (codeId === null) return refused('INVALID_CODE', 'code');
  const { db } = acting;
  const before = { email: account.email, emailVerified: account.is_email_verified === 1 };
  let logged: D1Result | undefined;
  try {
    [logged] = await db.batch([
      auditStatement(db, entry(acting, 'email_change', userId, before, { email: address, emailVerified: true }), { sql: 'EXISTS (SELECT 1 FROM users WHERE id = ? AND email IS ?)', args: [userId, account.email] }),
      db.prepare('UPDATE users SET email = ?1, is_email_verified = 1 WHERE id = ?2 AND email IS ?3').bind(address, userId, account.email),
    ]);
  } catch (error) {
    if (takenRefusal(error) === 'EMAIL_TAKEN') return refused('EMAIL_TAKEN', address);
    throw error;
  }
  if (logged?.meta.changes !== 1) return refused('EMAIL_CHANGED');
  await codes.use(codeId);
  const old = account.email;
  const notified = old ? await tell(() => notices.mail.send({ to: old, ...customerEmail(account.language, { kind: 'email_changed', email: address }, notices.origin) }), 'email_changed', userId) : false;
  return done({ email: address, notified });
}

/**
 * Gives `days` of premium (worker/api/payments/grants.ts): a zero-amount invoice through the state
 * machine, its audit entry in the batch that writes the new state.
 */
export async function grantDays(
  acting: Acting,
  deps: Pick<GrantDeps, 'recurringOf'>,
  userId: string,
  input: { days: number; planId?: number | undefined },
): Outcome<{ transactionId: string; invoiceNumber: number | null; planId: number; end: string; extended: boolean }> {
  const found = await target(acting, userId);
  if (!found.ok) return found;
  const { db, now } = acting;
  const granted = await grantPremium({ db, recurringOf: deps.recurringOf }, { userId, days: input.days, planId: input.planId, lang: found.value.language }, now, (change, won, id) => [
    auditStatement(
      db,
      entry(acting, 'premium_grant', userId, { planId: change.previous.planId, end: change.previous.end }, { planId: change.planId, end: change.end, days: input.days, transactionId: change.transactionId }),
      { sql: won, args: [id] },
    ),
  ]);
  if (!granted.ok) return granted;
  const { transactionId, invoiceNumber, planId, end, extended } = granted.value;
  return done({ transactionId, invoiceNumber, planId, end, extended });
}
