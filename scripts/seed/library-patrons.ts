/**
 * The demo library cards (issue 17, library patron authentication): patrons of the seeded libraries
 * (scripts/seed/libraries.ts, all checked through the imported patron list) in library_patrons, their
 * PINs hashed at seed time as the import CLI does (scripts/admin/argon2.ts). Added on every seed run
 * when missing (a card already there is left as it is).
 *
 *   Library (slug)                    Card        PIN    Patron
 *   bnrm-rabat                        100200300   4321   Salma Bennani (valid until 31 December next year)
 *   bnrm-rabat                        100200301   4321   Youssef El Amrani
 *   bnrm-rabat                        100200302   4321   Khadija Berrada
 *   bnrm-rabat                        100200303   4321   Anas Chraibi
 *   bnrm-rabat                        100200390   4321   Blocked Card (blocked: "blocked")
 *   bnrm-rabat                        100200391   4321   Expired Card (expired on 31 January last year)
 *   mediatheque-casablanca            200300400   5678   Amina Idrissi
 *   mediatheque-casablanca            200300401   5678   Hamza Tazi
 *   mediatheque-marrakech             400500600   2580   Mehdi Ouazzani
 *   mediatheque-marrakech             400500601   2580   Imane Sqalli
 *   mediatheque-tanger                900100200   1470   Rachid Benjelloun
 *   mediatheque-tanger                900100201   1470   Sara Temsamani
 *   bibliotheque-fes                  300400500   3690   Fatima Zahra Fassi
 *   bibliotheque-fes                  300400501   3690   Driss Lahlou
 *
 * A library card can be linked to one account only (library_cards), so each library has more than one
 * valid card for tests that add cards in several languages.
 */
import { hashPin } from '../admin/argon2.ts';

type Sql = (value: string | number | null) => string;

type DemoPatron = { library: string; card: string; pin: string; name: string; validUntil?: 'next-year' | 'expired'; blocked?: boolean };

export const DEMO_PATRONS: readonly DemoPatron[] = [
  { library: 'bnrm-rabat', card: '100200300', pin: '4321', name: 'Salma Bennani', validUntil: 'next-year' },
  { library: 'bnrm-rabat', card: '100200301', pin: '4321', name: 'Youssef El Amrani' },
  { library: 'bnrm-rabat', card: '100200302', pin: '4321', name: 'Khadija Berrada' },
  { library: 'bnrm-rabat', card: '100200303', pin: '4321', name: 'Anas Chraibi' },
  { library: 'bnrm-rabat', card: '100200390', pin: '4321', name: 'Blocked Card', blocked: true },
  { library: 'bnrm-rabat', card: '100200391', pin: '4321', name: 'Expired Card', validUntil: 'expired' },
  { library: 'mediatheque-casablanca', card: '200300400', pin: '5678', name: 'Amina Idrissi' },
  { library: 'mediatheque-casablanca', card: '200300401', pin: '5678', name: 'Hamza Tazi' },
  { library: 'mediatheque-marrakech', card: '400500600', pin: '2580', name: 'Mehdi Ouazzani' },
  { library: 'mediatheque-marrakech', card: '400500601', pin: '2580', name: 'Imane Sqalli' },
  { library: 'mediatheque-tanger', card: '900100200', pin: '1470', name: 'Rachid Benjelloun' },
  { library: 'mediatheque-tanger', card: '900100201', pin: '1470', name: 'Sara Temsamani' },
  { library: 'bibliotheque-fes', card: '300400500', pin: '3690', name: 'Fatima Zahra Fassi' },
  { library: 'bibliotheque-fes', card: '300400501', pin: '3690', name: 'Driss Lahlou' },
];

/** SQL adding the demo patrons missing from library_patrons (a library not seeded yet is skipped). */
export async function libraryPatronStatements(now: Date, sql: Sql): Promise<string[]> {
  const year = now.getUTCFullYear();
  const validUntil = { 'next-year': `${year + 1}-12-31`, expired: `${year - 1}-01-31` };
  const statements: string[] = [];
  for (const p of DEMO_PATRONS) {
    statements.push(
      `INSERT INTO library_patrons (library_id, card_number, pin_hash, name, valid_until, blocked, imported_at)
       SELECT id, ${sql(p.card)}, ${sql(await hashPin(p.pin))}, ${sql(p.name)}, ${sql(p.validUntil ? validUntil[p.validUntil] : null)}, ${p.blocked ? 1 : 0}, ${sql(now.toISOString())}
       FROM libraries WHERE slug = ${sql(p.library)}
       ON CONFLICT (library_id, card_number) DO NOTHING`,
    );
  }
  return statements;
}
