// One free trial per person, not per account (a trial once per person): a card-less trial needs a verified email or phone, and
// every identifier that started a trial (verified email, verified phone, device, mobile payment number,
// and the card: the provider's fingerprint, claimed when a card trial's checkout is accepted) is
// remembered, so another account with any of them gets no second one.
import type { UserRow } from '../kernel/users';
import { sha256 } from '../kernel/tokens';

/** An email as one mailbox: lower-cased, without a "+tag", and without dots for Gmail (which ignores them). */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const plain = local.split('+')[0] ?? '';
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return `${gmail ? plain.replaceAll('.', '') : plain}@${gmail ? 'gmail.com' : domain}`;
}

export type TrialWho = { user: Pick<UserRow, 'id' | 'email' | 'phone' | 'is_email_verified' | 'is_phone_verified'>; device?: string | undefined; payerPhone?: string | undefined };

/** A card-less trial needs a verified email or phone: someone who can be told apart. */
export const canStartCardlessTrial = ({ user }: TrialWho): boolean => (user.is_email_verified === 1 && user.email !== null) || (user.is_phone_verified === 1 && user.phone !== null);

/** The identifiers of a person starting a trial (only verified contact details: nobody can claim another's email). */
async function keysOf(who: TrialWho): Promise<string[]> {
  const keys = [
    who.user.is_email_verified === 1 && who.user.email ? `email:${mailboxOf(who.user.email)}` : null,
    who.user.is_phone_verified === 1 && who.user.phone ? `phone:${who.user.phone}` : null,
    who.device ? `device:${who.device}` : null,
    who.payerPhone ? `phone:${who.payerPhone}` : null,
  ].filter((key): key is string => key !== null);
  return Promise.all([...new Set(keys)].map((key) => sha256(key)));
}

/**
 * Claims the trial for this account: its identifiers are remembered unless one of them already had a
 * trial on another account (then nothing is written and the answer is false). One statement decides,
 * so parallel claims with a shared identifier from two accounts give it to one of them.
 */
export async function claimTrial(db: D1Database, who: TrialWho, at: string): Promise<boolean> {
  const keys = JSON.stringify(await keysOf(who));
  const [, taken] = await db.batch([
    db.prepare(`INSERT OR IGNORE INTO trial_claims (key_hash, user_id, claimed_at) SELECT value, ?2, ?3 FROM json_each(?1) WHERE NOT EXISTS (${CLAIMED_ELSEWHERE})`).bind(keys, who.user.id, at),
    db.prepare(CLAIMED_ELSEWHERE).bind(keys, who.user.id),
  ]);
  return (taken?.results.length ?? 0) === 0;
}

/** Another account's claim on one of the identifiers (?1: JSON array of key hashes, ?2: this account). */
const CLAIMED_ELSEWHERE = 'SELECT 1 AS x FROM trial_claims WHERE key_hash IN (SELECT value FROM json_each(?1)) AND user_id != ?2 LIMIT 1';

/** Whether another account already had a trial with one of these identifiers (nothing written). */
export async function trialTakenElsewhere(db: D1Database, who: TrialWho): Promise<boolean> {
  return (await db.prepare(CLAIMED_ELSEWHERE).bind(JSON.stringify(await keysOf(who)), who.user.id).first()) !== null;
}

/** The claim key of a card: the provider's fingerprint (the same card gives the same one across accounts). */
export const cardKey = (fingerprint: string): Promise<string> => sha256(`card:${fingerprint}`);

/** Whether another account already had a trial with this card (a key from `cardKey`). */
export const cardTakenElsewhere = async (db: D1Database, key: string, userId: string): Promise<boolean> =>
  (await db.prepare(CLAIMED_ELSEWHERE).bind(JSON.stringify([key]), userId).first()) !== null;

/**
 * For a settlement's compare-and-set: the card is still nobody else's (a parallel settlement of another
 * account with the same card that claimed it first makes this write lose, and the settlement reads again).
 */
export const cardFree = (key: string, userId: string): { sql: string; args: unknown[] } => ({ sql: 'NOT EXISTS (SELECT 1 FROM trial_claims WHERE key_hash = ? AND user_id != ?)', args: [key, userId] });

/** In the settlement's batch, guarded like its other writes: the card is remembered for this account (kept as it is when already claimed). */
export const claimCardStatement = (db: D1Database, key: string, userId: string, at: string, guard: string, ...guardArgs: unknown[]): D1PreparedStatement =>
  db.prepare(`INSERT OR IGNORE INTO trial_claims (key_hash, user_id, claimed_at) SELECT ?1, ?2, ?3 WHERE ${guard.replaceAll('?', '?4')}`).bind(key, userId, at, ...guardArgs);
