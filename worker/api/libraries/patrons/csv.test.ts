import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../kernel/password';
import { patronAuthenticator, type LibraryAuthConfig } from './index';
import { patronImportStatements, type PatronRecord } from './patron-csv';

/** The imported patron list adapter on D1, with patrons written as the import CLI writes them. */
const slug = `patrons-${crypto.randomUUID().slice(0, 8)}`;
let library: LibraryAuthConfig;
const NOW = new Date('2026-11-25T20:10:00Z');

async function importPatrons(patrons: PatronRecord[], importedAt: string, replace = false): Promise<void> {
  const statements = patronImportStatements(library.id, patrons, importedAt, { replace });
  await env.DB.batch(statements.map((s) => env.DB.prepare(s.sql).bind(...s.params)));
}

beforeAll(async () => {
  const row = await env.DB.prepare(
    `INSERT INTO libraries (slug, name, city, postal_code, patron_auth, updated_at) VALUES (?1, '{"en":"Test library"}', '{"en":"Rabat"}', '10000', 'csv', ?2) RETURNING id`,
  )
    .bind(slug, NOW.toISOString())
    .first<{ id: number }>();
  library = { id: row!.id, slug, patron_auth: 'csv', sip2_host: null, sip2_port: null, sip2_institution: null };
  const pin = await hashPassword('4321');
  await importPatrons(
    [
      // Hashed in Node by scripts/admin/argon2.ts (the CLI's hashing), in vitest's global setup.
      { card_number: '100200300', pin_hash: inject('nodePinHash'), name: 'Salma Bennani', valid_until: '2026-12-31', blocked: false },
      { card_number: '100200301', pin_hash: pin, name: null, valid_until: null, blocked: false },
      { card_number: '100200302', pin_hash: pin, name: 'Blocked', valid_until: null, blocked: true },
      { card_number: '100200303', pin_hash: pin, name: 'Expired', valid_until: '2026-10-31', blocked: false },
    ],
    '2026-11-01T00:00:00.000Z',
  );
});

const check = (card: string, pin: string, now = NOW) => patronAuthenticator(env, library).check(card, pin, now);

describe('imported patron list adapter (library_patrons, argon2id PINs)', () => {
  it('a PIN hashed by the import CLI in Node verifies in the worker: right PIN ok, with name and validity', async () => {
    expect(inject('nodePinHash')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await check('100200300', '4321')).toEqual({ ok: true, name: 'Salma Bennani', validUntil: '2026-12-31' });
    expect(await check(' 100200301 ', '4321')).toEqual({ ok: true, name: null, validUntil: null });
  });

  it('a wrong PIN and an unknown card are both not_found', async () => {
    expect(await check('100200300', '4322')).toEqual({ ok: false, reason: 'not_found' });
    expect(await check('999999999', '4321')).toEqual({ ok: false, reason: 'not_found' });
    expect(await check('', '')).toEqual({ ok: false, reason: 'not_found' });
  });

  it('an unknown card costs an argon2 verify too (no faster answer telling cards apart)', async () => {
    const time = async (card: string) => {
      const started = performance.now();
      for (let i = 0; i < 3; i++) await check(card, '0000');
      return performance.now() - started;
    };
    // workerd's clock only moves across I/O, so compare the two against a verify of a known hash.
    const known = await time('100200301');
    const unknown = await time('999999999');
    expect(unknown).toBeGreaterThanOrEqual(known * 0.3);
  });

  it('a blocked card is blocked, but only with the right PIN', async () => {
    expect(await check('100200302', '4321')).toEqual({ ok: false, reason: 'blocked' });
    expect(await check('100200302', '1234')).toEqual({ ok: false, reason: 'not_found' });
  });

  it('a card is valid through its valid_until day, expired after it (time moved)', async () => {
    expect(await check('100200303', '4321')).toEqual({ ok: false, reason: 'expired' });
    expect(await check('100200303', '4321', new Date('2026-10-31T23:59:00Z'))).toMatchObject({ ok: true });
    expect(await check('100200300', '4321', new Date('2027-01-01T00:00:00Z'))).toEqual({ ok: false, reason: 'expired' });
  });

  it('importing again updates in place; --replace removes the patrons absent from the file', async () => {
    const pin = await hashPassword('9876');
    await importPatrons([{ card_number: '100200301', pin_hash: pin, name: 'Renamed', valid_until: null, blocked: false }], '2026-11-02T00:00:00.000Z');
    expect(await check('100200301', '9876')).toEqual({ ok: true, name: 'Renamed', validUntil: null });
    expect(await check('100200301', '4321')).toEqual({ ok: false, reason: 'not_found' });
    expect(await check('100200300', '4321')).toMatchObject({ ok: true });
    await importPatrons([{ card_number: '100200301', pin_hash: pin, name: 'Renamed', valid_until: null, blocked: false }], '2026-11-03T00:00:00.000Z', true);
    const { n } = (await env.DB.prepare('SELECT COUNT(*) AS n FROM library_patrons WHERE library_id = ?1').bind(library.id).first<{ n: number }>())!;
    expect(n).toBe(1);
    expect(await check('100200300', '4321')).toEqual({ ok: false, reason: 'not_found' });
  });
});
