import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ETICKET_PREFIX, eticketPayload, festivalTime, shortCode, toBase64url } from '../../../rules/eticket';
import { callApi, messageOf, registeredUser } from '../../../test/accounts';
import { defaultDoorShow } from './queries';
import type { ScanAccepted, ScannerSetup, ScanRefused } from './schemas';
import { importSeed } from './signing';
import { makeShow, makeTicket, staffMember, type TestShow } from './testing';

/** The test's clock: 21:04 in Casablanca (20:04 UTC) on 25 November 2026. */
const AT = '2026-11-25T20:04:00.000Z';
/** A scan at the door of `door` (the show being admitted; tonight's show unless told). */
const scan = (token: string, body: { token?: string; code?: string }, lang = 'en', door = show.showId) =>
  callApi(`/events/etickets/scan?lang=${lang}`, { method: 'POST', token, body: { show: door, ...body }, headers: { 'x-test-now': AT } });
const usedAt = async (id: string) => (await env.DB.prepare('SELECT used_at FROM etickets WHERE id = ?').bind(id).first<{ used_at: string | null }>())?.used_at;

let staff: Awaited<ReturnType<typeof staffMember>>;
let buyer: Awaited<ReturnType<typeof registeredUser>>;
/** Tonight's show (21:00 in Casablanca on 25 November), being admitted. */
let show: TestShow;
/** The same festival's show on Saturday 28 November at 21:00 in Casablanca. */
let saturday: TestShow;

beforeAll(async () => {
  staff = await staffMember();
  buyer = await registeredUser();
  show = await makeShow({ startsAt: Date.parse('2026-11-25T20:00:00Z') });
  saturday = await makeShow({ startsAt: Date.parse('2026-11-28T20:00:00Z') });
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

describe('GET /events/etickets/scanner', () => {
  it('lists the shows not ended, soonest first, and starts on the one playing or starting soonest', async () => {
    const res = await callApi('/events/etickets/scanner?lang=fr', { token: staff.tokens.token, headers: { 'x-test-now': AT } });
    expect(res.status).toBe(200);
    const setup = (await res.json()) as ScannerSetup;
    const ids = setup.shows.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([show.showId, saturday.showId]));
    expect(ids.indexOf(show.showId)).toBeLessThan(ids.indexOf(saturday.showId));
    expect(setup.shows.find((s) => s.id === saturday.showId)).toMatchObject({ title: 'Soirée de gala', festival: 'Festival test', venue: 'Théâtre Royal', starts_at: '2026-11-28T20:00:00.000Z' });
    expect(setup.default_show).toBe(show.showId);
    // After tonight's show ended, it is not offered.
    const later = (await (await callApi('/events/etickets/scanner', { token: staff.tokens.token, headers: { 'x-test-now': '2026-11-25T23:00:00Z' } })).json()) as ScannerSetup;
    expect(later.shows.map((s) => s.id)).not.toContain(show.showId);
  });

  it('defaults to the show playing now, or to the next one when it starts sooner than the playing one began', () => {
    const at = new Date('2026-11-25T20:00:00Z');
    const s = (id: number, starts: string, ends: string) => ({ id, starts_at: `2026-11-25T${starts}:00Z`, ends_at: `2026-11-25T${ends}:00Z` });
    expect(defaultDoorShow([], at)).toBeNull();
    expect(defaultDoorShow([s(1, '16:00', '18:00')], at)).toBeNull();
    expect(defaultDoorShow([s(1, '19:30', '21:30'), s(2, '21:00', '23:00')], at)).toBe(1);
    expect(defaultDoorShow([s(1, '18:00', '20:30'), s(2, '20:30', '22:00')], at)).toBe(2);
    expect(defaultDoorShow([s(1, '16:00', '18:00'), s(2, '23:00', '23:59')], at)).toBe(2);
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
    const again = await callApi('/events/etickets/scan', { method: 'POST', token: staff.tokens.token, body: { show: show.showId, token: ticket.token }, headers: { 'x-test-now': '2026-11-25T21:30:00Z' } });
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
      expect(await usedAt(ticket.id)).toBeNull();
    }
  });

  it('accepts exactly one of 20 parallel scans of one ticket at its show\'s door', async () => {
    const ticket = await makeTicket(buyer.id, show, 'venue');
    const answers = await Promise.all(Array.from({ length: 20 }, () => scan(staff.tokens.token, { token: ticket.token })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const messages = await Promise.all(answers.filter((r) => r.status === 409).map(messageOf));
    expect(messages.every((m) => m.startsWith('ETICKET_USED'))).toBe(true);
    expect(await usedAt(ticket.id)).toBe(AT);
  });

  it('refuses a ticket of another show or day with its show and date, and leaves it unused', async () => {
    const ticket = await makeTicket(buyer.id, saturday, 'both');
    // Morocco's time, as this runtime's time zone data has it (21:00 with today's rules).
    const saturdayAt = festivalTime('2026-11-28T20:00:00Z', 'en');
    for (const [body, lang] of [[{ token: ticket.token }, 'en'], [{ code: shortCode(ticket.id) }, 'fr']] as const) {
      const res = await scan(staff.tokens.token, body, lang);
      expect(res.status).toBe(409);
      const refused = (await res.json()) as ScanRefused;
      expect(refused.message).toBe(`ETICKET_OTHER_SHOW: this ticket is for ${lang === 'fr' ? 'Soirée de gala' : 'Gala night'} at ${saturdayAt.time} on Sat 28 Nov, not for the show being admitted`);
      expect(refused.ticket).toMatchObject({ id: ticket.id, show_id: saturday.showId, show_starts_at: '2026-11-28T20:00:00.000Z', venue: 'Théâtre Royal', holder: 'Amina El Idrissi' });
    }
    // Twenty scans in parallel at tonight's door: none admits it.
    const answers = await Promise.all(Array.from({ length: 20 }, () => scan(staff.tokens.token, { token: ticket.token })));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(409));
    expect(await usedAt(ticket.id)).toBeNull();
    // At its own show's door it is admitted.
    expect((await scan(staff.tokens.token, { token: ticket.token }, 'en', saturday.showId)).status).toBe(200);
    // And tonight's tickets are not admitted at Saturday's door either.
    const tonight = await makeTicket(buyer.id, show, 'venue');
    expect(await messageOf(await scan(staff.tokens.token, { token: tonight.token }, 'en', saturday.showId))).toMatch(`ETICKET_OTHER_SHOW: this ticket is for Gala night at ${festivalTime('2026-11-25T20:00:00Z', 'en').time} on Wed 25 Nov`);
    expect(await usedAt(tonight.id)).toBeNull();
  });

  it('needs the show being admitted', async () => {
    const ticket = await makeTicket(buyer.id, show, 'venue');
    for (const door of [undefined, 0, -1, 'x', 1.5]) {
      const res = await callApi('/events/etickets/scan', { method: 'POST', token: staff.tokens.token, body: { show: door, token: ticket.token }, headers: { 'x-test-now': AT } });
      expect(res.status, String(door)).toBe(400);
    }
    expect(await usedAt(ticket.id)).toBeNull();
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
