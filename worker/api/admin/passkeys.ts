import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import { z } from 'zod';
import { fromBase64url, toBase64url } from '../../rules/base64url';
import { MAX_PASSKEYS, PASSKEY_CHALLENGE_MINUTES } from '../../rules/staff';
import { auditStatement, type Actor, type Origin } from '../kernel/audit';
import { done, refused, type Result } from '../kernel/refusals';
import { WebAuthnOptions, type AuthenticationCredential, type Passkey, type RegistrationCredential } from './schemas';

/**
 * Passkeys (WebAuthn) as a staff member's second factor (issue 32), with @simplewebauthn/server (Web
 * Crypto only, so it runs in the Worker). A signed-in staff member adds passkeys to their account; at
 * sign-in, after the password, one of them signs the challenge instead of a code being typed.
 *
 * Every challenge is the server's, stored for one account and one purpose, good for a few minutes,
 * and taken by one DELETE … RETURNING before the answer is checked: an answer replayed, or two sent at
 * once, find it gone. The browser's origin and the relying party's id (the site's host) must be the
 * site's, and a passkey's signature counter must move forward (a cloned authenticator shows itself).
 */

/** The site as WebAuthn knows it: the origin the browser must report and the relying party's id (its host name). */
export type RelyingParty = { id: string; origin: string; name: string };

const RP_NAME = 'Tafrij';

/**
 * The relying party of a request: the WEBAUTHN_ORIGIN setting when set (production: the site's
 * public origin, e.g. "https://tafrij.ma"), else the host the browser asked for (the console's pages
 * forward it to the API as X-Forwarded-Host and X-Forwarded-Proto), else the request's own URL.
 */
export function relyingParty(setting: string | undefined, requestUrl: string, forwarded: { host?: string | undefined; proto?: string | undefined }): RelyingParty {
  const configured = setting?.trim();
  if (configured) {
    const url = new URL(configured);
    return { id: url.hostname, origin: url.origin, name: RP_NAME };
  }
  const url = new URL(requestUrl);
  const host = forwarded.host && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(forwarded.host) ? forwarded.host : url.host;
  const proto = forwarded.proto === 'http' || forwarded.proto === 'https' ? forwarded.proto : url.protocol.replace(':', '');
  const origin = new URL(`${proto}://${host}`);
  return { id: origin.hostname, origin: origin.origin, name: RP_NAME };
}

export type PasskeyDeps = { db: D1Database; now: Date; rp: RelyingParty };
type Purpose = 'register' | 'sign-in';

/** Stores a challenge handed to the browser (and forgets the account's expired ones). */
async function keepChallenge({ db, now }: PasskeyDeps, userId: string, purpose: Purpose, challenge: string): Promise<void> {
  const expires = new Date(now.getTime() + PASSKEY_CHALLENGE_MINUTES * 60_000).toISOString();
  await db.batch([
    db.prepare('DELETE FROM staff_webauthn_challenges WHERE user_id = ?1 AND expires_at <= ?2').bind(userId, now.toISOString()),
    db.prepare('INSERT INTO staff_webauthn_challenges (challenge, user_id, purpose, expires_at) VALUES (?1, ?2, ?3, ?4)').bind(challenge, userId, purpose, expires),
  ]);
}

const ClientData = z.object({ challenge: z.string().min(1).max(200) });

/** The challenge an answer signed, taken (once, unexpired, of this account and purpose); null when there is none to take. */
async function takeChallenge({ db, now }: PasskeyDeps, userId: string, purpose: Purpose, clientDataJSON: string): Promise<string | null> {
  const bytes = fromBase64url(clientDataJSON);
  if (!bytes) return null;
  let challenge: string;
  try {
    challenge = ClientData.parse(JSON.parse(new TextDecoder().decode(bytes))).challenge;
  } catch {
    return null;
  }
  const taken = await db
    .prepare('DELETE FROM staff_webauthn_challenges WHERE challenge = ?1 AND user_id = ?2 AND purpose = ?3 RETURNING expires_at')
    .bind(challenge, userId, purpose)
    .first<{ expires_at: string }>();
  return taken && Date.parse(taken.expires_at) > now.getTime() ? challenge : null;
}

type PasskeyRow = { id: string; name: string; public_key: string; counter: number; transports: string; backed_up: number; created_at: string; last_used_at: string | null };
const Transports = z.array(z.string());
const transportsOf = (row: PasskeyRow): string[] => Transports.parse(JSON.parse(row.transports));
const shown = (row: PasskeyRow): Passkey => ({ id: row.id, name: row.name, created_at: row.created_at, last_used_at: row.last_used_at, backed_up: row.backed_up === 1 });

const rowsOf = async (db: D1Database, userId: string): Promise<PasskeyRow[]> =>
  (await db.prepare('SELECT id, name, public_key, counter, transports, backed_up, created_at, last_used_at FROM staff_passkeys WHERE user_id = ?1 ORDER BY created_at, id').bind(userId).all<PasskeyRow>()).results;

/** A staff member's passkeys, oldest first. */
export async function listPasskeys(db: D1Database, userId: string): Promise<Passkey[]> {
  return (await rowsOf(db, userId)).map(shown);
}

/** Whether an account holds a passkey (sign-in then offers it). */
export async function hasPasskey(db: D1Database, userId: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 AS held FROM staff_passkeys WHERE user_id = ?1 LIMIT 1').bind(userId).first()) !== null;
}

/** The options of navigator.credentials.create() to add a passkey (its challenge kept for a few minutes). */
export async function registrationOptions(deps: PasskeyDeps, user: { id: string; name: string }): Promise<WebAuthnOptions> {
  const existing = await rowsOf(deps.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: deps.rp.name,
    rpID: deps.rp.id,
    userName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    // The same authenticator twice is refused by the browser itself.
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
  await keepChallenge(deps, user.id, 'register', options.challenge);
  return WebAuthnOptions.parse(options);
}

export type AddRefusal = 'PASSKEY_EXPIRED' | 'PASSKEY_INVALID' | 'TOO_MANY_PASSKEYS' | 'PASSKEY_EXISTS';

/** Adds the passkey the browser made for the challenge of registrationOptions (audited: staff.passkey_add). */
export async function addPasskey(
  deps: PasskeyDeps & { actor: Actor; origin: Origin },
  input: { name: string; credential: RegistrationCredential },
): Promise<Result<Passkey, AddRefusal>> {
  const { db, now, rp, actor } = deps;
  const userId = actor.id ?? '';
  const challenge = await takeChallenge(deps, userId, 'register', input.credential.response.clientDataJSON);
  if (!challenge) return refused('PASSKEY_EXPIRED');
  let credential;
  try {
    const verified = await verifyRegistrationResponse({ response: input.credential, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false });
    if (!verified.verified) return refused('PASSKEY_INVALID');
    credential = verified.registrationInfo;
  } catch (error) {
    return refused('PASSKEY_INVALID', error instanceof Error ? error.message.slice(0, 200) : undefined);
  }
  const row: PasskeyRow = {
    id: credential.credential.id,
    name: input.name,
    public_key: toBase64url(credential.credential.publicKey),
    counter: credential.credential.counter,
    transports: JSON.stringify(input.credential.response.transports ?? []),
    backed_up: credential.credentialBackedUp ? 1 : 0,
    created_at: now.toISOString(),
    last_used_at: null,
  };
  if (await db.prepare('SELECT 1 FROM staff_passkeys WHERE id = ?1').bind(row.id).first()) return refused('PASSKEY_EXISTS');
  // One statement: the passkey is added only while the account holds fewer than the most allowed; the entry only with it.
  const [added] = await db.batch([
    db
      .prepare(
        `INSERT INTO staff_passkeys (id, user_id, name, public_key, counter, transports, backed_up, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE (SELECT COUNT(*) FROM staff_passkeys WHERE user_id = ?2) < ?9
         ON CONFLICT (id) DO NOTHING`,
      )
      .bind(row.id, userId, row.name, row.public_key, row.counter, row.transports, row.backed_up, row.created_at, MAX_PASSKEYS),
    auditStatement(db, { actor, action: 'staff.passkey_add', entity: 'staff', entityId: userId, after: { passkey: row.id, name: row.name }, origin: deps.origin, at: now }, { sql: 'changes() = 1', args: [] }),
  ]);
  if (added?.meta.changes !== 1) return refused((await listPasskeys(db, userId)).length >= MAX_PASSKEYS ? 'TOO_MANY_PASSKEYS' : 'PASSKEY_EXISTS');
  return done(shown(row));
}

/** Removes one of the staff member's own passkeys (audited: staff.passkey_remove); it signs nobody in after. */
export async function removePasskey(deps: { db: D1Database; now: Date; actor: Actor; origin: Origin }, passkeyId: string): Promise<Result<null, 'PASSKEY_NOT_FOUND'>> {
  const { db, now, actor } = deps;
  const userId = actor.id ?? '';
  const row = await db.prepare('SELECT name FROM staff_passkeys WHERE id = ?1 AND user_id = ?2').bind(passkeyId, userId).first<{ name: string }>();
  if (!row) return refused('PASSKEY_NOT_FOUND');
  const [removed] = await db.batch([
    db.prepare('DELETE FROM staff_passkeys WHERE id = ?1 AND user_id = ?2').bind(passkeyId, userId),
    auditStatement(db, { actor, action: 'staff.passkey_remove', entity: 'staff', entityId: userId, before: { passkey: passkeyId, name: row.name }, origin: deps.origin, at: now }, { sql: 'changes() = 1', args: [] }),
  ]);
  return removed?.meta.changes === 1 ? done(null) : refused('PASSKEY_NOT_FOUND');
}

/** The options of navigator.credentials.get() for an account's passkeys at sign-in; null when it holds none. */
export async function signInOptions(deps: PasskeyDeps, userId: string): Promise<WebAuthnOptions | null> {
  const rows = await rowsOf(deps.db, userId);
  if (rows.length === 0) return null;
  const options = await generateAuthenticationOptions({
    rpID: deps.rp.id,
    allowCredentials: rows.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    userVerification: 'preferred',
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
  await keepChallenge(deps, userId, 'sign-in', options.challenge);
  return WebAuthnOptions.parse(options);
}

/**
 * Checks a passkey's signature of a sign-in challenge of `userId`: the challenge taken, the passkey
 * one of the account's (a removed one is unknown), the signature, origin and relying party right, and
 * its counter moved forward in one statement (two answers at once: one wins). Answers the passkey's id.
 */
export async function checkPasskey(deps: PasskeyDeps, userId: string, credential: AuthenticationCredential): Promise<Result<string, 'PASSKEY_EXPIRED' | 'PASSKEY_INVALID'>> {
  const { db, now, rp } = deps;
  const challenge = await takeChallenge(deps, userId, 'sign-in', credential.response.clientDataJSON);
  if (!challenge) return refused('PASSKEY_EXPIRED');
  const row = await db
    .prepare('SELECT id, name, public_key, counter, transports, backed_up, created_at, last_used_at FROM staff_passkeys WHERE id = ?1 AND user_id = ?2')
    .bind(credential.id, userId)
    .first<PasskeyRow>();
  const publicKey = row ? fromBase64url(row.public_key) : null;
  if (!row || !publicKey) return refused('PASSKEY_INVALID', 'unknown passkey');
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: row.id, publicKey, counter: row.counter, transports: transportsOf(row) },
      requireUserVerification: false,
    });
    if (!verified.verified) return refused('PASSKEY_INVALID');
    newCounter = verified.authenticationInfo.newCounter;
  } catch (error) {
    return refused('PASSKEY_INVALID', error instanceof Error ? error.message.slice(0, 200) : undefined);
  }
  // Authenticators that keep no counter always say 0; the others must go past the stored value.
  const moved = await db
    .prepare('UPDATE staff_passkeys SET counter = ?3, last_used_at = ?4 WHERE id = ?1 AND user_id = ?2 AND (counter < ?3 OR (counter = 0 AND ?3 = 0))')
    .bind(row.id, userId, newCounter, now.toISOString())
    .run();
  return moved.meta.changes === 1 ? done(row.id) : refused('PASSKEY_INVALID', 'signature counter');
}
