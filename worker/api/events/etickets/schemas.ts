import { z } from 'zod';
import { ETICKET_TOKEN_MAX } from '../../../rules/eticket';

/**
 * The door scanner's API (issue 17: "a scanner page for venue staff (camera or typed code) checks
 * the signature offline with the public key and marks the ticket used online").
 */

/**
 * POST /events/etickets/scan: the show being admitted (the scanner's show picker), and a scanned or
 * pasted token or a ticket's typed short code (exactly one).
 */
export const ScanBody = z
  .strictObject({
    show: z.number().int().positive().max(2 ** 31),
    token: z.string().trim().min(1).max(ETICKET_TOKEN_MAX).optional(),
    code: z.string().trim().min(1).max(32).optional(),
  })
  .refine((body) => (body.token === undefined) !== (body.code === undefined), { message: 'give a token or a code', path: ['token'] });
export type ScanBody = z.infer<typeof ScanBody>;

/** A ticket as the door sees it: who holds it, for which show, of which type. */
export const ScannedTicket = z.object({
  id: z.string(),
  /** The short code printed under the QR code (worker/rules/eticket.ts shortCode). */
  code: z.string(),
  holder: z.string(),
  kind: z.enum(['venue', 'stream', 'both']),
  show_id: z.number(),
  show_title: z.string(),
  show_starts_at: z.string(),
  venue: z.string(),
  type_name: z.string(),
});
export type ScannedTicket = z.infer<typeof ScannedTicket>;

/** 200: the first scan, the ticket is now used. */
export const ScanAccepted = z.object({ accepted: z.literal(true), ticket: ScannedTicket, used_at: z.string() });
export type ScanAccepted = z.infer<typeof ScanAccepted>;

/** A refused scan: the API's error shape, with the ticket when it is known and, for ETICKET_USED, the first use. */
export const ScanRefused = z.object({
  status: z.number(),
  message: z.string(),
  ticket: ScannedTicket.nullable().optional(),
  used_at: z.string().nullable().optional(),
});
export type ScanRefused = z.infer<typeof ScanRefused>;

/** GET /events/etickets/key: the public key tokens are checked with (cacheable). */
export const ETicketKey = z.object({ alg: z.literal('Ed25519'), public_key: z.string() });
export type ETicketKey = z.infer<typeof ETicketKey>;

/** A show the door can admit (the scanner's picker): names in the request's language. */
export const DoorShow = z.object({ id: z.number(), title: z.string(), festival: z.string(), venue: z.string(), starts_at: z.string(), ends_at: z.string() });
export type DoorShow = z.infer<typeof DoorShow>;

/**
 * GET /events/etickets/scanner?lang= (staff only): what the scanner page needs: the shows not ended
 * yet, soonest first, and the one the picker starts on (null when there is none).
 */
export const ScannerSetup = z.object({ public_key: z.string(), staff: z.string(), shows: z.array(DoorShow), default_show: z.number().nullable() });
export type ScannerSetup = z.infer<typeof ScannerSetup>;
