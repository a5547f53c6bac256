/**
 * A fake SIP2 server (an ILS's SIP2 port, 3M SIP2 2.00) for library patron authentication (issue 17):
 * the tests start it from vitest's global setup (worker/test/global-setup.ts) and point a SIP2
 * library at it; in development, run it and set a library's sip2_host/sip2_port to it:
 *
 *   node scripts/dev/fake-sip2.ts [--port 6001]
 *   npx wrangler d1 execute DB --local --command "UPDATE libraries SET patron_auth = 'sip2',
 *     sip2_host = '127.0.0.1', sip2_port = 6001, sip2_institution = 'FAKE' WHERE slug = '<slug>'"
 *   .dev.vars: SIP2_CREDENTIALS={"<slug>": {"user": "tafrij", "password": "sip-secret", "location": "WEB"}}
 *
 * It speaks 93/94 Login (only FAKE_SIP2_LOGIN is accepted; a patron request before a login is answered
 * when no login was configured), 99/98 SC/ACS Status, 63/64 Patron Information and 23/24 Patron
 * Status, checks every request's checksum (answers 96 when it is wrong) and echoes its sequence
 * number. Its expiry date goes in PA (YYYYMMDD). Patrons are FAKE_SIP2_PATRONS; some card numbers
 * misbehave on purpose: `sip2-silent` never gets an answer, `sip2-close` closes the connection,
 * `sip2-badsum` gets an answer with a wrong checksum, `sip2-nocq` an answer without CQ.
 */
import { createServer, type Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import {
  acsStatusResponse,
  loginResponse,
  parseSip2,
  patronInformationResponse,
  patronStatusResponse,
  Sip2FormatError,
  sip2Frame,
  type PatronAnswer,
} from '../../worker/api/libraries/patrons/sip2-messages.ts';

export type FakePatron = { card: string; pin: string; name: string; blocked?: boolean; lost?: boolean; expiry?: string };

/** The demo patrons (the tests use them: worker/api/libraries/patrons/sip2.test.ts). */
export const FAKE_SIP2_PATRONS: readonly FakePatron[] = [
  { card: '500600700', pin: '2468', name: 'Karim Alaoui', expiry: '20991231' },
  { card: '500600701', pin: '1357', name: 'Nadia Tazi' },
  { card: '500600702', pin: '1111', name: 'Omar Blocked', blocked: true },
  { card: '500600703', pin: '2222', name: 'Leila Lost', lost: true },
  { card: '500600704', pin: '3333', name: 'Hassan Expired', expiry: '20200131' },
];

/** The SIP2 login the fake server accepts (SIP2_CREDENTIALS of the tests). */
export const FAKE_SIP2_LOGIN = { user: 'tafrij', password: 'sip-secret', location: 'WEB' } as const;
export const FAKE_SIP2_INSTITUTION = 'FAKE';

export type FakeSip2 = { port: number; close: () => Promise<void> };

/** The answer to a 63 or 24 request about `card` with `pin`. */
function patronAnswer(card: string, pin: string, institution: string): PatronAnswer {
  // sip2-nocq: a valid patron whose password the ILS does not check (no CQ in the answer).
  const patron: FakePatron | undefined = card === 'sip2-nocq' ? { card, pin, name: 'No CQ' } : FAKE_SIP2_PATRONS.find((p) => p.card === card);
  const status = [...' '.repeat(14)];
  if (patron?.blocked) status[0] = 'Y'; // charge privileges denied
  if (patron?.lost) status[4] = 'Y'; // card reported lost
  return {
    institution,
    patron: card,
    status: patron ? status.join('') : 'Y'.repeat(14),
    name: patron?.name ?? '',
    validPatron: Boolean(patron),
    validPassword: card === 'sip2-nocq' ? undefined : Boolean(patron && patron.pin === pin),
    expiry: patron?.expiry,
    at: new Date(),
  };
}

function serve(socket: Socket, requireLogin: boolean): void {
  let buffer = Buffer.alloc(0);
  let loggedIn = !requireLogin;
  const reply = (body: string, sequence: number | null, corrupt = false): void => {
    const frame = Buffer.from(sip2Frame(body, sequence ?? 0));
    if (corrupt) frame[frame.length - 2] = frame[frame.length - 2] === 0x30 ? 0x31 : 0x30; // a wrong last checksum digit
    socket.write(frame);
  };
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (let cr = buffer.indexOf(0x0d); cr >= 0; cr = buffer.indexOf(0x0d)) {
      const raw = buffer.subarray(0, cr);
      buffer = buffer.subarray(cr + 1);
      let message;
      try {
        message = parseSip2(raw, false);
      } catch (error) {
        if (error instanceof Sip2FormatError) socket.write('96\r');
        continue;
      }
      const { code, fields, sequence } = message;
      const get = (id: string): string => fields.get(id) ?? '';
      if (code === '93') {
        loggedIn = get('CN') === FAKE_SIP2_LOGIN.user && get('CO') === FAKE_SIP2_LOGIN.password;
        reply(loginResponse(loggedIn), sequence);
      } else if (code === '99') {
        reply(acsStatusResponse(FAKE_SIP2_INSTITUTION, new Date()), sequence);
      } else if (code === '63' || code === '23') {
        if (!loggedIn) {
          socket.destroy(); // as an ILS does to an SC that did not log in
          return;
        }
        const card = get('AA');
        if (card === 'sip2-silent') continue;
        if (card === 'sip2-close') {
          socket.destroy();
          return;
        }
        const answer = patronAnswer(card, get('AD'), get('AO'));
        reply(code === '63' ? patronInformationResponse(answer) : patronStatusResponse(answer), sequence, card === 'sip2-badsum');
      } else {
        socket.write('96\r');
      }
    }
  });
  socket.on('error', () => socket.destroy());
}

/** Starts the server on `port` (0: any free port) of 127.0.0.1. `requireLogin`: patron requests need a 93 login first. */
export function startFakeSip2(options: { port?: number; requireLogin?: boolean } = {}): Promise<FakeSip2> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, options.requireLogin ?? true);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf('--port');
  const port = i >= 0 ? Number(process.argv[i + 1]) : 6001;
  const { port: bound } = await startFakeSip2({ port });
  console.log(`fake-sip2: listening on 127.0.0.1:${bound} (institution ${FAKE_SIP2_INSTITUTION}, login ${FAKE_SIP2_LOGIN.user} / ${FAKE_SIP2_LOGIN.password})`);
  for (const p of FAKE_SIP2_PATRONS) console.log(`fake-sip2: card ${p.card} PIN ${p.pin} ${p.name}${p.blocked ? ' (blocked)' : ''}${p.lost ? ' (lost)' : ''}${p.expiry ? ` (expires ${p.expiry})` : ''}`);
}
