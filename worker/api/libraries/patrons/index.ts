import type { Bindings } from '../../../env';
import { csvAuthenticator } from './csv';
import { sip2Authenticator, type Sip2Settings } from './sip2';
import type { LibraryAuthConfig, PatronAuthenticator } from './types';

/**
 * Library patron authentication (issue 17, spec §3 the library entity: card number, card PIN or
 * password): the patron-authentication interface the library-card sign-in calls, with two adapters:
 * - `csv`: an imported patron list (library_patrons, 0016_library_patrons.sql, filled by
 *   scripts/admin/library-patrons.ts), PINs stored as argon2id hashes (csv.ts);
 * - `sip2`: the library's ILS (Koha, Evergreen, …) asked over SIP2 with `cloudflare:sockets` (sip2.ts).
 *
 * Never tells which of card or PIN was wrong: both answer `not_found` (the spec's "library card and
 * password combination not found"); `blocked` and `expired` only come after a right PIN. Throws
 * PatronAuthUnavailable when the library's system cannot answer (the caller says "try later" and
 * does not count it as a wrong combination).
 */
export { PatronAuthUnavailable } from './types';
export type { LibraryAuthConfig, PatronAuthenticator, PatronCheck } from './types';

/** The adapter of this library (its `patron_auth` column). */
export function patronAuthenticator(env: Sip2Settings & Pick<Bindings, 'DB'>, library: LibraryAuthConfig): PatronAuthenticator {
  return library.patron_auth === 'sip2' ? sip2Authenticator(env, library) : csvAuthenticator(env.DB, library);
}
