import type { Bindings } from '../../../env';
import { eticketPayload, eticketToken, fromBase64url, signedPart, type ETicketClaims } from '../../../rules/eticket';
import { apiError } from '../../errors';

/**
 * The e-tickets' signing key (issue 17: "an Ed25519-signed token"): the secret ETICKET_SIGNING_KEY,
 * base64url of the 32-byte Ed25519 seed (`node scripts/admin/eticket-key.ts` makes one, operators
 * run `wrangler secret put ETICKET_SIGNING_KEY`). The door scanner checks tokens with the public
 * key (GET /events/etickets/key), so rotating the key voids every ticket already sent.
 */

/**
 * Development only (DEV_OUTBOX=true, like the development JWT secret): a fixed, published seed, so
 * `npm start` and the tests issue tickets with no setup. Anyone can forge tickets signed with it:
 * production never uses it (without the secret, issuing answers 503 ETICKETS_DISABLED).
 */
export const DEV_ETICKET_SEED = 'xVFlp9QJCGzXQ-d6J_Unmk_2fZcPBu_SnwcMgtACkjE';

/** The fixed DER header of a PKCS#8 Ed25519 private key (RFC 8410), followed by the 32-byte seed. */
const PKCS8_ED25519_HEADER = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];

type KeyPair = { privateKey: CryptoKey; publicKey: Uint8Array<ArrayBuffer> };
/** The settings the key comes from: the secret seed, and DEV_OUTBOX (the development seed without it). */
export type ETicketKeySettings = Pick<Bindings, 'ETICKET_SIGNING_KEY' | 'DEV_OUTBOX'>;
const imported = new Map<string, Promise<KeyPair>>();

/** The seed in use: the secret, else the development seed with DEV_OUTBOX, else null (tickets cannot be issued). */
function signingSeed(env: ETicketKeySettings): string | null {
  const secret = env.ETICKET_SIGNING_KEY?.trim() ?? '';
  if (secret) return secret;
  return env.DEV_OUTBOX === 'true' ? DEV_ETICKET_SEED : null;
}

/** The key pair of a seed: the private key imported as PKCS#8, the public key derived through its JWK. */
export async function importSeed(seedText: string): Promise<KeyPair> {
  const seed = fromBase64url(seedText);
  if (!seed || seed.length !== 32) throw new Error('ETICKET_SIGNING_KEY is not the base64url of a 32-byte Ed25519 seed');
  const pkcs8 = new Uint8Array([...PKCS8_ED25519_HEADER, ...seed]);
  const privateKey = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, true, ['sign']);
  const jwk = (await crypto.subtle.exportKey('jwk', privateKey)) as JsonWebKey;
  const publicKey = fromBase64url(jwk.x ?? '');
  if (!publicKey || publicKey.length !== 32) throw new Error('ETICKET_SIGNING_KEY: no public key');
  return { privateKey, publicKey };
}

/** This deployment's key pair; 503 ETICKETS_DISABLED (logged) when none is configured or it is malformed. */
async function keyPair(env: ETicketKeySettings): Promise<KeyPair> {
  const seed = signingSeed(env);
  if (!seed) {
    console.error(JSON.stringify({ level: 'error', event: 'eticket_key_missing', message: 'ETICKET_SIGNING_KEY is not set: e-tickets cannot be issued or checked' }));
    apiError(503, 'ETICKETS_DISABLED', 'e-tickets are not configured');
  }
  let pair = imported.get(seed);
  if (!pair) {
    pair = importSeed(seed);
    imported.set(seed, pair);
  }
  try {
    return await pair;
  } catch (error) {
    imported.delete(seed);
    console.error(JSON.stringify({ level: 'error', event: 'eticket_key_invalid', message: String(error) }));
    return apiError(503, 'ETICKETS_DISABLED', 'e-tickets are not configured');
  }
}

/** The e-ticket's token (what its QR code carries): the claims signed with Ed25519. */
export async function signETicket(env: ETicketKeySettings, claims: ETicketClaims): Promise<string> {
  const { privateKey } = await keyPair(env);
  const payload = eticketPayload(claims);
  const signature = await crypto.subtle.sign({ name: 'Ed25519' }, privateKey, signedPart(payload));
  return eticketToken(payload, new Uint8Array(signature));
}

/** The public key (32 raw bytes) the door scanner checks tokens with. */
export async function eticketPublicKey(env: ETicketKeySettings): Promise<Uint8Array<ArrayBuffer>> {
  return (await keyPair(env)).publicKey;
}
