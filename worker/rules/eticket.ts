import { z } from 'zod';
import { fromBase64url, toBase64url } from './base64url';
import type { Lang } from './lang';
import { clockTime, dayLabel, dayOf, DEFAULT_TIME_ZONE } from './live-tv';

/**
 * E-tickets (issue 17, spec §1 e-ticket/event purchase flow): each ticket carries a QR code of an
 * Ed25519-signed token of (ticket, event, show, type, kind, holder). Shared by the API (which signs,
 * worker/api/events/etickets/signing.ts, and marks tickets used) and the browser (the door
 * scanner checks the signature offline with the public key, client/islands/eticket-scanner.tsx).
 *
 * The compact canonical encoding: `TFJ1.<base64url(JSON of the claims)>.<base64url(signature)>`,
 * the claims' keys always in the order t, e, s, y, k, h, and the 64-byte Ed25519 signature over
 * the ASCII bytes of `TFJ1.<payload>` (so the version is signed too). One ticket has exactly one
 * token: a re-ordered or re-spaced payload is refused even before its signature is checked.
 */

/** The claims a token carries. */
export type ETicketClaims = {
  /** The ticket (etickets.id). */
  t: string;
  /** The event (the festival). */
  e: number;
  /** The show. */
  s: number;
  /** The ticket type. */
  y: number;
  /** In the venue, a stream pass, or both. */
  k: 'venue' | 'stream' | 'both';
  /** The holder's name as printed on the ticket. */
  h: string;
};

export const ETICKET_PREFIX = 'TFJ1';
/** Longest holder name a token carries (keeps the QR code readable). */
export const HOLDER_MAX = 60;
/** Longest text taken as a token at all (a scanner's field, a request body). */
export const ETICKET_TOKEN_MAX = 600;

const id = z.number().int().positive().max(2 ** 31);

export const eticketClaimsSchema = z.strictObject({
  t: z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/),
  e: id,
  s: id,
  y: id,
  k: z.enum(['venue', 'stream', 'both']),
  h: z.string().max(HOLDER_MAX),
});

/** The token's encoding (base64url without padding), for the signer and the scanner. */
export { fromBase64url, toBase64url };

/** The canonical payload of the claims: their JSON, keys in a fixed order, base64url. */
export function eticketPayload(claims: ETicketClaims): string {
  const { t, e, s, y, k, h } = claims;
  const json = JSON.stringify({ t, e, s, y, k, h: h.slice(0, HOLDER_MAX) });
  return toBase64url(new TextEncoder().encode(json));
}

/** What is signed: the ASCII bytes of `TFJ1.<payload>`. */
export const signedPart = (payload: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(`${ETICKET_PREFIX}.${payload}`);

/** A whole token from its payload and its signature. */
export const eticketToken = (payload: string, signature: Uint8Array): string => `${ETICKET_PREFIX}.${payload}.${toBase64url(signature)}`;

export type ParsedETicket = { claims: ETicketClaims; signed: Uint8Array<ArrayBuffer>; signature: Uint8Array<ArrayBuffer> };

/**
 * A token taken apart: its claims (zod-checked), the bytes that were signed and the signature, or
 * null when it is malformed (wrong prefix, not base64url, not the canonical JSON, bad claims).
 * Says nothing about whether it is genuine: that is verifyETicket.
 */
export function parseETicket(token: string): ParsedETicket | null {
  const text = token.trim();
  if (text.length > ETICKET_TOKEN_MAX) return null;
  const [prefix, payload, sig, ...rest] = text.split('.');
  if (prefix !== ETICKET_PREFIX || !payload || !sig || rest.length > 0) return null;
  const signature = fromBase64url(sig);
  const bytes = fromBase64url(payload);
  if (!signature || signature.length !== 64 || !bytes) return null;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  const parsed = eticketClaimsSchema.safeParse(json);
  if (!parsed.success || eticketPayload(parsed.data) !== payload) return null;
  return { claims: parsed.data, signed: signedPart(payload), signature };
}

/** The Ed25519 public key (32 raw bytes) as a WebCrypto key; null when the bytes are not one. */
export async function importETicketPublicKey(publicKey: Uint8Array<ArrayBuffer>): Promise<CryptoKey | null> {
  if (publicKey.length !== 32) return null;
  try {
    return await crypto.subtle.importKey('raw', publicKey, { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return null;
  }
}

/**
 * The claims of a genuine token: well formed and signed by the private key of `publicKey` (32 raw
 * bytes, Ed25519, WebCrypto: workerd and the browser alike). Null for a forged or malformed one.
 */
export async function verifyETicket(token: string, publicKey: Uint8Array<ArrayBuffer> | CryptoKey): Promise<ETicketClaims | null> {
  const parsed = parseETicket(token);
  if (!parsed) return null;
  const key = publicKey instanceof Uint8Array ? await importETicketPublicKey(publicKey) : publicKey;
  if (!key) return null;
  try {
    const genuine = await crypto.subtle.verify({ name: 'Ed25519' }, key, parsed.signature, parsed.signed);
    return genuine ? parsed.claims : null;
  } catch {
    return null;
  }
}

/**
 * The short code of a ticket, for typing at the door when the QR code will not scan: the first
 * SHORT_CODE_LENGTH characters of the ticket id, upper case, in groups of 4 ("A1B2-C3D4-E5").
 */
export const SHORT_CODE_LENGTH = 10;

export function shortCode(ticketId: string): string {
  const code = ticketId.replace(/[-_]/g, '').slice(0, SHORT_CODE_LENGTH).toUpperCase();
  return code.match(/.{1,4}/g)?.join('-') ?? '';
}

/** What a person typed as a short code, normalized (separators and spaces dropped, upper case); null when it cannot be one. */
export function normalizeShortCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return code.length === SHORT_CODE_LENGTH && /^[A-Z0-9]+$/.test(code) ? code : null;
}

/** A stream pass opens the live stream this long before the show starts. */
export const LIVE_OPENS_MINUTES = 15;
/** And the replay for this long after it ends. */
export const REPLAY_HOURS = 48;

/**
 * What a stream pass opens at `now` (issue 17: "a stream pass opens the event's live stream … and a
 * 48-hour replay afterwards"): 'before' the live stream opens, 'live' from LIVE_OPENS_MINUTES before
 * the start to the end, 'replay' for REPLAY_HOURS after, then 'ended'. Times: ISO strings.
 */
export function streamWindow(show: { starts_at: string; ends_at: string }, now: Date): { phase: 'before' | 'live' | 'replay' | 'ended'; opensAt: string; replayEndsAt: string } {
  const opens = Date.parse(show.starts_at) - LIVE_OPENS_MINUTES * 60_000;
  const ends = Date.parse(show.ends_at);
  const replayEnds = ends + REPLAY_HOURS * 3_600_000;
  const at = now.getTime();
  const phase = at < opens ? 'before' : at < ends ? 'live' : at < replayEnds ? 'replay' : 'ended';
  return { phase, opensAt: new Date(opens).toISOString(), replayEndsAt: new Date(replayEnds).toISOString() };
}

/** A time at the festival, in Morocco's time zone (Africa/Casablanca), in the language: { time: "21:04", day: "Wed 25 Nov" }. */
export function festivalTime(iso: string, lang: Lang): { time: string; day: string } {
  const at = Math.floor(Date.parse(iso) / 1000);
  return { time: clockTime(at, lang, DEFAULT_TIME_ZONE), day: dayLabel(dayOf(at, DEFAULT_TIME_ZONE), lang) };
}
