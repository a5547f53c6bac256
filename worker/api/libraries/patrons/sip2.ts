import { connect } from 'cloudflare:sockets';
import { z } from 'zod';
import type { Bindings } from '../../../env';
import {
  loginRequest,
  parseSip2,
  PATRON_STATUS_FLAGS,
  patronInformationRequest,
  patronStatusRequest,
  Sip2FormatError,
  sip2Frame,
  sip2SafeValue,
  type Sip2Message,
} from './sip2-messages';
import { expiredOn, PatronAuthUnavailable, type LibraryAuthConfig, type PatronAuthenticator, type PatronCheck } from './types';

/**
 * The SIP2 adapter (issue 17): asks the library's ILS (Koha, Evergreen, Sierra, …) about a card over
 * SIP2, on a TCP connection opened with `connect()` from `cloudflare:sockets`, one connection per
 * check: Login (93) when the library has credentials in the SIP2_CREDENTIALS secret, then Patron
 * Information (63; or Patron Status, 23, when its credentials say `"request": "23"`) with the
 * institution id (libraries.sip2_institution), the patron identifier (card number) and the patron
 * password (PIN).
 *
 * The answer (64 or 24): BL valid patron and CQ valid patron password must both be Y, else
 * `not_found` (never which one); then PA, the patron's expiry date (an extension Evergreen, Sierra
 * and Polaris send, YYYYMMDD or an 18-character SIP2 date; the fake server sends it), before today
 * → `expired`; then the patron status flags "charge privileges denied" or "card reported lost" →
 * `blocked`; else ok with AE, the personal name. An answer without BL or CQ, a wrong checksum (AZ)
 * or sequence number (AY), a refused login, a closed connection or no answer within the timeout
 * (5 s) → PatronAuthUnavailable.
 */

const credentialsSchema = z.record(
  z.string(),
  z.object({
    user: z.string().min(1),
    password: z.string(),
    location: z.string().default(''),
    /** TLS to the ILS (its SIP2 port behind TLS, e.g. stunnel): on by default outside a local address. */
    tls: z.boolean().optional(),
    /** Which patron request: 63 Patron Information (default) or 23 Patron Status. */
    request: z.enum(['63', '23']).default('63'),
  }),
);
type Sip2Credentials = z.infer<typeof credentialsSchema>[string];
/** The SIP2 logins of every library (a secret). */
export type Sip2Settings = Pick<Bindings, 'SIP2_CREDENTIALS'>;

/** The library's entry of SIP2_CREDENTIALS (JSON {"<library-slug>": {"user", "password", "location"}}), or null (no login). */
function credentialsOf(env: Sip2Settings, slug: string): Sip2Credentials | null {
  if (!env.SIP2_CREDENTIALS) return null;
  let json: unknown;
  try {
    json = JSON.parse(env.SIP2_CREDENTIALS);
  } catch {
    throw new PatronAuthUnavailable('SIP2_CREDENTIALS is not JSON');
  }
  const parsed = credentialsSchema.safeParse(json);
  if (!parsed.success) throw new PatronAuthUnavailable(`SIP2_CREDENTIALS is malformed: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data[slug] ?? null;
}

const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+|::1)$/;

/** One SIP2 conversation on a socket: write a request, read the CR-terminated answer. */
class Sip2Session {
  private buffer = new Uint8Array(0);
  private sequence = 0;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;

  constructor(socket: ReturnType<typeof connect>) {
    this.reader = socket.readable.getReader();
    this.writer = socket.writable.getWriter();
  }

  /** Sends `body` and answers the reply, which must have the code `expect` and echo the sequence number. */
  async ask(body: string, expect: string): Promise<Sip2Message> {
    const sequence = this.sequence++ % 10;
    await this.writer.write(sip2Frame(body, sequence));
    const reply = parseSip2(await this.readMessage());
    if (reply.code === '96') throw new PatronAuthUnavailable('the ILS could not read our message (96)');
    if (reply.code !== expect) throw new PatronAuthUnavailable(`the ILS answered ${reply.code} to ${body.slice(0, 2)}`);
    if (reply.sequence !== sequence) throw new PatronAuthUnavailable(`the ILS answered sequence ${reply.sequence} to ${sequence}`);
    return reply;
  }

  private async readMessage(): Promise<Uint8Array> {
    for (;;) {
      const cr = this.buffer.indexOf(0x0d);
      if (cr >= 0) {
        const message = this.buffer.slice(0, cr);
        this.buffer = this.buffer.slice(cr + 1);
        return message;
      }
      if (this.buffer.length > 64 * 1024) throw new PatronAuthUnavailable('the ILS sent a message longer than 64 KiB');
      const { value, done } = await this.reader.read();
      if (done) throw new PatronAuthUnavailable('the ILS closed the connection');
      const joined = new Uint8Array(this.buffer.length + value.length);
      joined.set(this.buffer);
      joined.set(value, this.buffer.length);
      this.buffer = joined;
    }
  }
}

/** Y/N of a field; undefined when absent or anything else. */
const yesNo = (message: Sip2Message, id: string): boolean | undefined => {
  const value = message.fields.get(id)?.trim().toUpperCase();
  return value === 'Y' ? true : value === 'N' ? false : undefined;
};

/** PA, the expiry date extension, as YYYY-MM-DD (null when absent or unreadable). */
function expiryOf(message: Sip2Message): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(message.fields.get('PA')?.trim() ?? '');
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** The patron check of a 64 or 24 answer. */
export function patronCheckOf(reply: Sip2Message, cardNumber: string, now: Date): PatronCheck {
  const status = reply.fixed.slice(0, 14);
  if (!/^[Y ]{14}$/.test(status)) throw new PatronAuthUnavailable('malformed patron status');
  const patron = reply.fields.get('AA');
  if (patron !== undefined && patron.trim() !== cardNumber) throw new PatronAuthUnavailable('the ILS answered about another patron');
  const validPatron = yesNo(reply, 'BL');
  const validPassword = yesNo(reply, 'CQ');
  if (validPatron === false || validPassword === false) return { ok: false, reason: 'not_found' };
  // Without BL or CQ the ILS did not say the card and PIN are right: it must be configured to check them.
  if (validPatron === undefined || validPassword === undefined) throw new PatronAuthUnavailable('the ILS sent no valid patron (BL) or valid patron password (CQ)');
  const validUntil = expiryOf(reply);
  if (expiredOn(validUntil, now)) return { ok: false, reason: 'expired' };
  if (status[PATRON_STATUS_FLAGS.chargePrivilegesDenied] === 'Y' || status[PATRON_STATUS_FLAGS.cardReportedLost] === 'Y') return { ok: false, reason: 'blocked' };
  return { ok: true, name: reply.fields.get('AE')?.trim() || null, validUntil };
}

export function sip2Authenticator(env: Sip2Settings, library: LibraryAuthConfig, options: { timeoutMs?: number } = {}): PatronAuthenticator {
  const timeoutMs = options.timeoutMs ?? 5_000;
  return {
    async check(cardNumber: string, pin: string, now: Date): Promise<PatronCheck> {
      const card = cardNumber.trim();
      // A card or PIN SIP2 cannot carry (a pipe, a line break) is no card of this library.
      if (!card || !sip2SafeValue(card) || !sip2SafeValue(pin)) return { ok: false, reason: 'not_found' };
      const { sip2_host: hostname, sip2_port: port, sip2_institution: institution } = library;
      if (!hostname || !port || institution === null) throw new PatronAuthUnavailable(`library ${library.slug} has no SIP2 host, port or institution`);
      const credentials = credentialsOf(env, library.slug);
      const tls = credentials?.tls ?? !LOCAL_HOST.test(hostname);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const socket = connect({ hostname, port }, { secureTransport: tls ? 'on' : 'off', allowHalfOpen: false });
      const conversation = async (): Promise<PatronCheck> => {
        await socket.opened;
        const session = new Sip2Session(socket);
        if (credentials) {
          const login = await session.ask(loginRequest(credentials.user, credentials.password, credentials.location), '94');
          if (login.fixed !== '1') throw new PatronAuthUnavailable('the ILS refused our SIP2 login');
        }
        const reply =
          credentials?.request === '23'
            ? await session.ask(patronStatusRequest(institution, card, pin, now), '24')
            : await session.ask(patronInformationRequest(institution, card, pin, now), '64');
        return patronCheckOf(reply, card, now);
      };
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PatronAuthUnavailable(`no SIP2 answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        return await Promise.race([conversation(), timeout]);
      } catch (error) {
        if (error instanceof PatronAuthUnavailable) throw error;
        if (error instanceof Sip2FormatError) throw new PatronAuthUnavailable(`malformed SIP2 answer: ${error.message}`);
        throw new PatronAuthUnavailable(`SIP2 connection to ${hostname}:${port} failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        clearTimeout(timer);
        socket.close().catch(() => undefined);
      }
    },
  };
}
