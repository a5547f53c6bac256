import { verifyPassword } from '../../kernel/password';
import { expiredOn, type LibraryAuthConfig, type PatronAuthenticator, type PatronCheck } from './types';

/**
 * The imported patron list adapter (issue 17): the library's patrons imported from its CSV
 * (scripts/admin/library-patrons.ts) into library_patrons, PINs stored as argon2id hashes.
 *
 * An unknown card still costs one argon2 verify, against DUMMY_PIN_HASH, so the time of the answer
 * does not tell a card that exists from one that does not; a wrong PIN and an unknown card are both
 * `not_found`. `blocked` and `expired` are only said after the right PIN.
 */

/** The argon2id hash of a random string nobody knows, with the same parameters as the real ones. */
const DUMMY_PIN_HASH = '$argon2id$v=19$m=19456,t=2,p=1$TYgIgunDozj+S0Xbjd4Y0w$Kk9aiQL3g6sOzErfReQU4ZI8Zl/vD/j1/puM69ffVLk';

type PatronRow = { pin_hash: string; name: string | null; valid_until: string | null; blocked: number };

export function csvAuthenticator(db: D1Database, library: Pick<LibraryAuthConfig, 'id'>): PatronAuthenticator {
  return {
    async check(cardNumber: string, pin: string, now: Date): Promise<PatronCheck> {
      const row = await db
        .prepare('SELECT pin_hash, name, valid_until, blocked FROM library_patrons WHERE library_id = ?1 AND card_number = ?2')
        .bind(library.id, cardNumber.trim())
        .first<PatronRow>();
      const pinMatches = await verifyPassword(row?.pin_hash ?? DUMMY_PIN_HASH, pin);
      if (!row || !pinMatches) return { ok: false, reason: 'not_found' };
      if (row.blocked) return { ok: false, reason: 'blocked' };
      if (expiredOn(row.valid_until, now)) return { ok: false, reason: 'expired' };
      return { ok: true, name: row.name, validUntil: row.valid_until };
    },
  };
}
