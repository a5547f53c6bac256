import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ETICKET_PREFIX, eticketPayload, shortCode, toBase64url } from '../../../rules/eticket';
import { callApi, messageOf, registeredUser } from '../../../test/accounts';
import type { ScanAccepted, ScanRefused } from './schemas';
import { importSeed } from './signing';
import { makeShow, makeTicket, staffMember, type TestShow } from './testing';

/** The test's clock: 21:04 in Casablanca (20:04 UTC) on 25 November 2026. */
const AT = '2026-11-25T20:04:00.000Z';
const scan = (token: string, body: { token?: string; code?: string }, lang = 'en') =>
  callApi(`/events/etickets/scan?lang=${lang}`, { method: 'POST', token, body, headers: { 'x-test-now': AT } });

let staff: Awaited<ReturnType<typeof staffMember>>;
let buyer: Awaited<ReturnType<typeof registeredUser>>;
let show: TestShow;

beforeAll(async () => {
  staff = await staffMember();
  buyer = await registeredUser();
  show = await makeShow({ startsAt: Date.parse('2026-11-25T20:00:00Z') });
});

describe('GET /events/etickets/key', () => {
  it('answers the public key, cacheable', async () => {
    const res = await callApi('/events/etickets/key');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toContain('public');
    const body = (await res.json()) as { alg: string; public_key: string };
    expect(body.alg).toBe('Ed25519');
    expect(body.public_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('POST /events/etickets/scan', () => {
  it('is for venue staff only', async () => {
    const ticket = await makeTicket(buyer.id, show, 'venue');
    expect((await scan('', { token: ticket.token })).status).toBe(401);
    const res = await scan(buyer.tokens.token, { token: ticket.token });
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toMatch(/^STAFF_ONLY/);
    expect((await callApi('/events/etickets/scanner', { token: buyer.tokens.token })).status).toBe(403);
    expect((await callApi('/events/etickets/scanner', { token: staff.tokens.token })).status).toBe(200);
  });

  it('accepts a ticket once, then refuses it with the time of its first use', async () => {
    const ticket = await makeTicket(buyer.id, show, 'both');
    const first = await scan(staff.tokens.token, { token: ticket.token }, 'fr');
    expect(first.status).toBe(200);
    const accepted = (await first.json()) as ScanAccepted;
    expect(accepted).toMatchObject({ accepted: true, used_at: AT, ticket: { holder: 'Amina El Idrissi', show_title: 'Soirée de gala', type_name: 'Type both (fr)', code: shortCode(ticket.id) } });
    const again = await callApi('/events/etickets/scan', { method: 'POST', token: staff.tokens.token, body: { token: ticket.token }, headers: { 'x-test-now': '2026-11-25T21:30:00Z' } });
    expect(again.status).toBe(409);
    const refused = (await again.json()) as ScanRefused;
    expect(refused.message).toMatch(/^ETICKET_USED: already used at 2026-11-25T20:04:00/);
    expect(refused.used_at).toBe(AT);
    expect(refused.ticket?.holder).toBe('Amina El Idrissi');
    const row = await env.DB.prepare('SELECT used_at, used_by FROM etickets WHERE id = ?').bind(ticket.id).first();
    expect(row).toEqual({ used_at: AT, used_by: staff.id });
  });

  it('refuses forged tokens: a changed claim, another key, garbage', async () => {
    const ticket = await makeTicket(buyer.id, show, 'venue');
    const signature = ticket.token.split('.')[2];
    const changed = `${ETICKET_PREFIX}.${eticketPayload({ ...ticket.claims, k: 'both' })}.${signature}`;
    const other = await importSeed(toBase64url(new Uint8Array(32).fill(9)));
    const payload = eticketPayload(ticket.claims);
    const sig = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, other.privateKey, new TextEncoder().encode(`${ETICKET_PREFIX}.${payload}`)));
    const wrongKey = `${ETICKET_PREFIX}.${payload}.${toBase64url(sig)}`;
    for (const token of [changed, wrongKey, 'garbage', `${ticket.token}x`, 'TFJ1.%%%.!!!']) {
      const res = await scan(staff.tokens.token, { token });
      expect(res.status, token).toBe(400);
      expect(await messageOf(res)).toMatch(/^ETICKET_FORGED/);
    }
    // None of them used the genuine ticket.
    expect((await scan(staff.tokens.token, { token: ticket.token })).status).toBe(200);
  });

  it('refuses a genuine token of an unknown ticket, a void one, an unpaid one and a stream pass', async () => {
    const unknown = await makeTicket(buyer.id, show, 'venue');
    await env.DB.prepare('DELETE FROM etickets WHERE id = ?').bind(unknown.id).run();
    const missing = await scan(staff.tokens.token, { token: unknown.token });
    expect(missing.status).toBe(404);
    expect(await messageOf(missing)).toMatch(/^ETICKET_NOT_FOUND/);
    for (const [state, kind, code] of [
      ['void', 'venue', 'ETICKET_VOID'],
      ['held', 'venue', 'ETICKET_NOT_PAID'],
      ['valid', 'stream', 'ETICKET_STREAM_ONLY'],
    ] as const) {
      const ticket = await makeTicket(buyer.id, show, kind, state);
      const res = await scan(staff.tokens.token, { token: ticket.token });
      expect(res.status, code).toBe(409);
      expect(await messageOf(res)).toMatch(new RegExp(`^${code}`));
      expect((await env.DB.prepare('SELECT used_at FROM etickets WHERE id = ?').bind(ticket.id).first())?.used_at).toBeNull();
    }
  });

  it('accepts exactly one of 20 parallel scans of one ticket', async () => {
    const ticket = await makeTicket(buyer.id, show, 'venue');
    const answers = await Promise.all(Array.from({ length: 20 }, () => scan(staff.tokens.token, { token: ticket.token })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  });

  it('looks a typed short code up, in any case and grouping', async () => {
    const ticket = await makeTicket(buyer.id, show, 'venue');
    const typed = shortCode(ticket.id).toLowerCase().replace(/-/g, ' ');
    const res = await scan(staff.tokens.token, { code: typed });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ScanAccepted).ticket.id).toBe(ticket.id);
    expect((await scan(staff.tokens.token, { code: shortCode(ticket.id) })).status).toBe(409);
    const wrong = await scan(staff.tokens.token, { code: 'ZZZZ-ZZZZ-ZZ' });
    expect(wrong.status).toBe(404);
    const malformed = await scan(staff.tokens.token, { code: 'abc' });
    expect(malformed.status).toBe(400);
    expect(await messageOf(malformed)).toMatch(/^ETICKET_CODE_INVALID/);
    expect((await scan(staff.tokens.token, {})).status).toBe(400);
    expect((await scan(staff.tokens.token, { token: ticket.token, code: 'x' })).status).toBe(400);
  });
});
