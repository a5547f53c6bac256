// Library cards (issue 17, spec §2 library card entry): asking a card's library whether a card and
// PIN are right, and linking the card to an account with its PIN sealed for the daily re-check.
import type { Refused } from '../kernel/refusals';
import type { ServerSecret } from '../kernel/tokens';
import { cardsOf, type CardRow } from '../entitlements/library';
import { PatronAuthUnavailable, type PatronAuthenticator, type PatronCheck } from './patrons';
import { sealPin } from './seal';

/** The library's patron system could not answer now: try later, never "not found". */
export type Unavailable = Refused<'LIBRARY_UNAVAILABLE'>;

/** Asks the library about a card and PIN (PatronCheck); an unreachable library is the refusal LIBRARY_UNAVAILABLE. */
export async function askLibrary(patrons: PatronAuthenticator, cardNumber: string, pin: string, now: Date): Promise<{ ok: true; check: PatronCheck } | Unavailable> {
  try {
    return { ok: true, check: await patrons.check(cardNumber, pin, now) };
  } catch (error) {
    if (error instanceof PatronAuthUnavailable) return { ok: false, refusal: 'LIBRARY_UNAVAILABLE' };
    throw error;
  }
}

/** Why a card is not accepted: a wrong combination (never which of card or PIN), blocked, expired, or taken by another account. */
export type CardRefusal = 'LIBRARY_CARD_NOT_FOUND' | 'LIBRARY_CARD_BLOCKED' | 'LIBRARY_CARD_EXPIRED' | 'LIBRARY_CARD_TAKEN';

const REFUSAL_OF = { not_found: 'LIBRARY_CARD_NOT_FOUND', blocked: 'LIBRARY_CARD_BLOCKED', expired: 'LIBRARY_CARD_EXPIRED' } as const;

/** A patron the library knows: their name and the card's last valid day, when the library gave them. */
export type Patron = { name: string | null; validUntil: string | null };

/** The library's answer about a card and PIN as an outcome: the patron, or why not. */
export async function checkCard(patrons: PatronAuthenticator, cardNumber: string, pin: string, now: Date): Promise<{ ok: true; patron: Patron } | Refused<CardRefusal> | Unavailable> {
  const asked = await askLibrary(patrons, cardNumber, pin, now);
  if (!asked.ok) return asked;
  const { check } = asked;
  if (!check.ok) return { ok: false, refusal: REFUSAL_OF[check.reason] };
  return { ok: true, patron: { name: check.name, validUntil: check.validUntil } };
}

/**
 * Links a checked card to the account at this library (one card per library: adding it again
 * replaces it), its PIN sealed with the server secret. A card linked to another account is the
 * refusal LIBRARY_CARD_TAKEN, also when two accounts add it at once (the unique card number).
 */
export async function linkCard(
  db: D1Database,
  secret: ServerSecret,
  card: { userId: string; libraryId: number; cardNumber: string; pin: string },
  patron: Patron,
  now: Date,
): Promise<{ ok: true; card: CardRow } | Refused<'LIBRARY_CARD_TAKEN'>> {
  const taken: Refused<'LIBRARY_CARD_TAKEN'> = { ok: false, refusal: 'LIBRARY_CARD_TAKEN' };
  const holder = await db.prepare('SELECT user_id FROM library_cards WHERE library_id = ?1 AND card_number = ?2').bind(card.libraryId, card.cardNumber).first<{ user_id: string }>();
  if (holder && holder.user_id !== card.userId) return taken;
  try {
    await db
      .prepare(
        `INSERT INTO library_cards (user_id, library_id, card_number, pin_sealed, patron_name, valid_until, checked_at, invalid_reason, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, NULL, ?7)
         ON CONFLICT (user_id, library_id) DO UPDATE SET card_number = excluded.card_number, pin_sealed = excluded.pin_sealed,
           patron_name = excluded.patron_name, valid_until = excluded.valid_until, checked_at = excluded.checked_at, invalid_reason = NULL`,
      )
      .bind(card.userId, card.libraryId, card.cardNumber, await sealPin(secret, card.pin), patron.name, patron.validUntil, now.toISOString())
      .run();
  } catch (error) {
    if (String(error).includes('UNIQUE')) return taken;
    throw error;
  }
  const [row] = await cardsOf(db, card.userId, now, card.libraryId);
  if (!row) throw new Error('the library card was not saved');
  return { ok: true, card: row };
}
