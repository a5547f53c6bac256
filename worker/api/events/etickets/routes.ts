import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../../../env';
import { limiter } from '../../../limits';
import { festivalTime, normalizeShortCode, toBase64url, verifyETicket, type ETicketClaims } from '../../../rules/eticket';
import type { Lang } from '../../../rules/lang';
import { authenticate } from '../../kernel/auth';
import { holdsRole } from '../../kernel/staff';
import type { UserRow } from '../../kernel/users';
import { now } from '../../kernel/clock';
import { apiError } from '../../errors';
import { langQuery } from '../../schemas';
import { validationHook } from '../../kernel/validation';
import { defaultDoorShow, doorShows, markUsed, ticketAtDoor, ticketIdsByCode, type TicketAtDoor } from './queries';
import { ScanBody, type ETicketKey, type ScanAccepted, type ScannedTicket, type ScannerSetup, type ScanRefused } from './schemas';
import { eticketPublicKey } from './signing';

/** Holders of this role (staff_grants) are venue staff: they open the scanner and mark tickets used (scripts/admin/staff.ts). */
export const DOOR_ROLE = 'door';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** The signed-in venue staff member: 401 without a session, 403 STAFF_ONLY for anyone else. */
async function staff(c: Context<AppEnv>): Promise<UserRow> {
  const auth = await authenticate(c);
  if (!auth) apiError(401, 'NOT_AUTHORIZED', 'log in as venue staff');
  if (!(await holdsRole(c.env.DB, auth.user.id, DOOR_ROLE))) apiError(403, 'STAFF_ONLY', 'the door scanner is for venue staff');
  return auth.user;
}

/** A refused scan, with the ticket when it is known and the time of its first use (ETICKET_USED). */
function refuse(status: ContentfulStatusCode, code: string, detail: string, ticket: ScannedTicket | null = null, usedAt: string | null = null): never {
  const body: ScanRefused = { status, message: `${code}: ${detail}`, ticket, used_at: usedAt };
  throw new HTTPException(status, { res: Response.json(body, { status, headers: NO_STORE }) });
}

/** The ticket a typed short code names (counted per staff account: rule 'eticket-code'). */
async function ticketOfCode(c: Context<AppEnv>, staffId: string, typed: string): Promise<string> {
  const state = await limiter(c.env).consume('eticket-code', `user:${staffId}`);
  if (!state.allowed) {
    const body = { status: 429, message: `TOO_MANY_ATTEMPTS: wait ${state.retryAfter} seconds`, delay: state.retryAfter };
    throw new HTTPException(429, { res: Response.json(body, { status: 429, headers: NO_STORE }) });
  }
  const code = normalizeShortCode(typed);
  if (!code) refuse(400, 'ETICKET_CODE_INVALID', 'a ticket code has 10 letters and digits');
  const ids = await ticketIdsByCode(c.env.DB, code);
  if (ids.length !== 1 || !ids[0]) refuse(404, 'ETICKET_NOT_FOUND', ids.length > 1 ? 'this code names two tickets: scan the QR code' : 'no ticket has this code');
  return ids[0];
}

/** A genuine token whose claims are not those of its ticket was signed with a leaked key: not genuine either. */
const claimsMatch = (claims: ETicketClaims, ticket: TicketAtDoor): boolean =>
  claims.e === ticket.event_id && claims.s === ticket.show_id && claims.y === ticket.ticket_type_id && claims.k === ticket.kind;

/**
 * Marks the ticket used at the door of `showId` (the show being admitted), once. Refusals: 404
 * ETICKET_NOT_FOUND, 409 ETICKET_OTHER_SHOW (a ticket of another show or day: the ticket says which,
 * the message names it with its start in Morocco's time), 409 ETICKET_NOT_PAID
 * (order not paid yet), 409 ETICKET_VOID (order expired, failed or refunded), 409
 * ETICKET_STREAM_ONLY (a stream pass does not open the venue's door), 409 ETICKET_USED with the
 * time of the first use.
 */
async function admit(c: Context<AppEnv>, staffId: string, showId: number, id: string, lang: Lang, claims: ETicketClaims | null): Promise<ScanAccepted> {
  const ticket = await ticketAtDoor(c.env.DB, id, lang);
  if (!ticket) refuse(404, 'ETICKET_NOT_FOUND', 'no such ticket');
  if (claims && !claimsMatch(claims, ticket)) refuse(400, 'ETICKET_FORGED', 'this ticket is not genuine');
  if (ticket.show_id !== showId) {
    const { time, day } = festivalTime(ticket.show_starts_at, 'en');
    refuse(409, 'ETICKET_OTHER_SHOW', `this ticket is for ${ticket.view.show_title} at ${time} on ${day}, not for the show being admitted`, ticket.view);
  }
  if (ticket.state === 'held') refuse(409, 'ETICKET_NOT_PAID', 'the order of this ticket is not paid', ticket.view);
  if (ticket.state !== 'valid') refuse(409, 'ETICKET_VOID', 'this ticket was cancelled (order expired, failed or refunded)', ticket.view);
  if (ticket.kind === 'stream') refuse(409, 'ETICKET_STREAM_ONLY', 'a stream pass does not admit to the venue', ticket.view);
  const usedAt = await markUsed(c.env.DB, { id, showId }, now(c), staffId);
  if (usedAt) return { accepted: true, ticket: ticket.view, used_at: usedAt };
  const first = ticket.used_at ?? (await ticketAtDoor(c.env.DB, id, lang))?.used_at ?? null;
  return refuse(409, 'ETICKET_USED', `already used at ${first ?? '?'}`, ticket.view, first);
}

/**
 * E-tickets at the door (issue 17). Mounted at the API root, before E1's /events routes.
 */
export const etickets = new Hono<AppEnv>()
  /** GET /events/etickets/key: the Ed25519 public key (base64url, 32 bytes) tokens are checked with. */
  .get('/events/etickets/key', async (c) => {
    const key = toBase64url(await eticketPublicKey(c.env));
    return c.json({ alg: 'Ed25519', public_key: key } satisfies ETicketKey, 200, { 'Cache-Control': 'public, max-age=3600' });
  })
  /**
   * GET /events/etickets/scanner?lang= (staff only): the public key, the staff member and the shows
   * the door can admit (not ended, soonest first) with the one playing now or starting soonest.
   */
  .get('/events/etickets/scanner', zValidator('query', langQuery, validationHook), async (c) => {
    const user = await staff(c);
    const key = toBase64url(await eticketPublicKey(c.env));
    const at = now(c);
    const shows = await doorShows(c.env.DB, at, c.req.valid('query').lang);
    const setup: ScannerSetup = { public_key: key, staff: user.email ?? user.phone ?? '', shows, default_show: defaultDoorShow(shows, at) };
    return c.json(setup, 200, NO_STORE);
  })
  /**
   * POST /events/etickets/scan?lang= {show, token} or {show, code} (staff only): a forged or
   * malformed token is 400 ETICKET_FORGED; a genuine one of `show` is marked used once (see admit);
   * a typed code is looked up.
   */
  .post('/events/etickets/scan', zValidator('query', langQuery, validationHook), zValidator('json', ScanBody, validationHook), async (c) => {
    const user = await staff(c);
    const { lang } = c.req.valid('query');
    const { show, token, code } = c.req.valid('json');
    if (token !== undefined) {
      const claims = await verifyETicket(token, await eticketPublicKey(c.env));
      if (!claims) refuse(400, 'ETICKET_FORGED', 'this ticket is not genuine');
      return c.json(await admit(c, user.id, show, claims.t, lang, claims), 200, NO_STORE);
    }
    const id = await ticketOfCode(c, user.id, code ?? '');
    return c.json(await admit(c, user.id, show, id, lang, null), 200, NO_STORE);
  });
