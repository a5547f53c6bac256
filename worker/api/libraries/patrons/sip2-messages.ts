/**
 * SIP2 messages (3M Standard Interchange Protocol 2.00) for library patron authentication (issue 17):
 * the client (sip2.ts, in the worker) and the fake SIP2 server of the tests and of development
 * (scripts/dev/fake-sip2.ts, in Node) both build and read them here, so this file imports nothing.
 *
 * A message is a two-digit code, fixed-length fields, then variable fields `XXvalue|` (a two-letter
 * id, the value, a pipe), then error detection: `AY<sequence number 0-9>AZ<checksum>` and a carriage
 * return. The checksum is the two's complement of the 16-bit sum of the message's bytes up to and
 * including "AZ", as 4 uppercase hex digits: adding it to that sum gives 0 (mod 0x10000).
 *
 * Messages used: 93/94 Login, 99/98 SC/ACS Status, 63/64 Patron Information, 23/24 Patron Status,
 * 96 Request SC Resend (the other side could not read ours).
 */

/** A message that is not well-formed SIP2 (bad checksum, missing fields, unknown layout). */
export class Sip2FormatError extends Error {
  override name = 'Sip2FormatError';
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8'); // ILSs are configured to send UTF-8 (Koha's encoding setting)

/** The checksum of a message's bytes up to and including "AZ" (4 uppercase hex digits). */
export function sip2Checksum(bytes: Uint8Array): string {
  let sum = 0;
  for (const byte of bytes) sum = (sum + byte) & 0xffff;
  return ((-sum) & 0xffff).toString(16).toUpperCase().padStart(4, '0');
}

/** A value that can go in a SIP2 field: no field separator, no carriage return or other control characters. */
export const sip2SafeValue = (value: string): boolean => !/[|\x00-\x1f\x7f]/.test(value);

/** One variable field `XXvalue|`; refuses values that would break the message. */
export function field(id: string, value: string): string {
  if (!sip2SafeValue(value)) throw new Sip2FormatError(`field ${id} holds a character SIP2 cannot carry`);
  return `${id}${value}|`;
}

/** SIP2's 18-character transaction date in UTC: YYYYMMDD, "   Z" (universal time), HHMMSS. */
export function sip2Date(at: Date): string {
  const iso = at.toISOString(); // 2026-03-01T09:05:07.000Z
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}   Z${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

/** A full message: `body`, the sequence number and checksum, and the carriage return, as bytes. */
export function sip2Frame(body: string, sequence: number): Uint8Array {
  const head = encoder.encode(`${body}AY${sequence % 10}AZ`);
  return encoder.encode(`${body}AY${sequence % 10}AZ${sip2Checksum(head)}\r`);
}

/** The length of the fixed-length fields after the code, per message code (3M SIP2 2.00). */
const FIXED_LENGTH: Record<string, number> = {
  '93': 2, // UID algorithm, PWD algorithm
  '94': 1, // ok
  '99': 8, // status code, max print width (3), protocol version (4)
  '98': 34, // online, checkin, checkout, renewal policy, status update, offline (6 × 1), timeout (3), retries (3), date (18), version (4)
  '63': 31, // language (3), transaction date (18), summary (10)
  '64': 59, // patron status (14), language (3), transaction date (18), six item counts (6 × 4)
  '23': 21, // language (3), transaction date (18)
  '24': 35, // patron status (14), language (3), transaction date (18)
  '96': 0,
  '97': 0,
};

export type Sip2Message = {
  code: string;
  /** The fixed-length fields after the code, as one string. */
  fixed: string;
  /** The variable fields by id (the first of a repeated id). */
  fields: Map<string, string>;
  sequence: number | null;
};

/**
 * Reads one message (its bytes without the carriage return). With `requireChecksum` (the client),
 * a message without AY/AZ is refused; a wrong checksum always is.
 */
export function parseSip2(bytes: Uint8Array, requireChecksum = true): Sip2Message {
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] === 0x0d || bytes[end - 1] === 0x0a)) end--;
  let body = bytes.subarray(0, end);
  while (body.length > 0 && body[0] === 0x0a) body = body.subarray(1); // a CR LF sender's LF before this message
  const text = decoder.decode(body);
  let sequence: number | null = null;
  let content = text;
  const tail = /AY(\d)AZ([0-9A-Fa-f]{4})$/.exec(text);
  if (tail) {
    const expected = sip2Checksum(body.subarray(0, body.length - 4));
    if (tail[2]?.toUpperCase() !== expected) throw new Sip2FormatError('wrong checksum');
    sequence = Number(tail[1]);
    content = text.slice(0, tail.index);
  } else if (/AZ[0-9A-Fa-f]{4}$/.test(text)) {
    if (sip2Checksum(body.subarray(0, body.length - 4)) !== text.slice(-4).toUpperCase()) throw new Sip2FormatError('wrong checksum');
    content = text.slice(0, -6);
  } else if (requireChecksum) {
    throw new Sip2FormatError('no checksum (AZ)');
  }
  const code = content.slice(0, 2);
  const length = FIXED_LENGTH[code];
  if (length === undefined) throw new Sip2FormatError(`unknown message code ${JSON.stringify(code)}`);
  const fixed = content.slice(2, 2 + length);
  if (fixed.length !== length) throw new Sip2FormatError(`message ${code} is too short`);
  const fields = new Map<string, string>();
  for (const part of content.slice(2 + length).split('|')) {
    if (part === '') continue;
    if (part.length < 2) throw new Sip2FormatError(`message ${code} has a malformed field`);
    const id = part.slice(0, 2);
    if (!fields.has(id)) fields.set(id, part.slice(2));
  }
  return { code, fixed, fields, sequence };
}

// Requests (the client, worker/api/libraries/patrons/sip2.ts).

/** 93 Login: the SC's user and password (plain: algorithms 0), and its location. */
export const loginRequest = (user: string, password: string, location: string): string =>
  `9300${field('CN', user)}${field('CO', password)}${location ? field('CP', location) : ''}`;

/** 99 SC Status: status 0 (SC OK), 30-column printer, protocol 2.00. */
export const scStatusRequest = (): string => '9900302.00';

/** 63 Patron Information: no item lists asked (summary all blank). Language 001 is English. */
export const patronInformationRequest = (institution: string, patron: string, password: string, at: Date): string =>
  `63001${sip2Date(at)}${' '.repeat(10)}${field('AO', institution)}${field('AA', patron)}${field('AC', '')}${field('AD', password)}`;

/** 23 Patron Status Request. */
export const patronStatusRequest = (institution: string, patron: string, password: string, at: Date): string =>
  `23001${sip2Date(at)}${field('AO', institution)}${field('AA', patron)}${field('AC', '')}${field('AD', password)}`;

// Responses (the fake server, scripts/dev/fake-sip2.ts).

/** The 14 patron status flags, 'Y' or ' ': index 0 charge privileges denied … 4 card reported lost … 13 too many items billed. */
export const PATRON_STATUS_FLAGS = {
  chargePrivilegesDenied: 0,
  renewalPrivilegesDenied: 1,
  recallPrivilegesDenied: 2,
  holdPrivilegesDenied: 3,
  cardReportedLost: 4,
} as const;

export type PatronAnswer = {
  institution: string;
  patron: string;
  /** 14 characters of 'Y' or ' '. */
  status: string;
  name: string;
  validPatron: boolean;
  /** undefined: no CQ field (the password was not checked). */
  validPassword?: boolean;
  /** Expiry (PA), 'YYYYMMDD' or an 18-character SIP2 date; undefined: none sent. */
  expiry?: string;
  at: Date;
};

const patronFields = (a: PatronAnswer): string =>
  `${field('AO', a.institution)}${field('AA', a.patron)}${field('AE', a.name)}${field('BL', a.validPatron ? 'Y' : 'N')}` +
  `${a.validPassword === undefined ? '' : field('CQ', a.validPassword ? 'Y' : 'N')}${a.expiry ? field('PA', a.expiry) : ''}`;

export const loginResponse = (ok: boolean): string => `94${ok ? '1' : '0'}`;

export const acsStatusResponse = (institution: string, at: Date): string =>
  `98YYYYNN010003${sip2Date(at)}2.00${field('AO', institution)}${field('AM', 'Fake SIP2 library')}${field('BX', 'YYYYYYYYYYYYYYYY')}`;

export const patronInformationResponse = (a: PatronAnswer): string => `64${a.status}001${sip2Date(a.at)}${'0000'.repeat(6)}${patronFields(a)}`;

export const patronStatusResponse = (a: PatronAnswer): string => `24${a.status}001${sip2Date(a.at)}${patronFields(a)}`;
