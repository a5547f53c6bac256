/**
 * Operators: a new e-ticket signing key (issue 17). Prints the base64url of a random 32-byte Ed25519
 * seed, the value of the ETICKET_SIGNING_KEY secret, and its public key (what the door scanner
 * checks tickets with, also served at GET /api/events/etickets/key).
 *
 *   node scripts/admin/eticket-key.ts
 *   npx wrangler secret put ETICKET_SIGNING_KEY     # paste the seed
 *
 * Changing the key voids the QR codes of every ticket already sent (their signatures no longer check).
 * The worker derives the same public key from the seed (worker/api/events/etickets/signing.ts).
 */
import { createPrivateKey, randomBytes } from 'node:crypto';

/** The fixed DER header of a PKCS#8 Ed25519 private key (RFC 8410), followed by the 32-byte seed. */
const PKCS8_ED25519_HEADER = Buffer.from('302e020100300506032b657004220420', 'hex');

const seed = randomBytes(32);
const key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_HEADER, seed]), format: 'der', type: 'pkcs8' });
const { x } = key.export({ format: 'jwk' });
console.log(`ETICKET_SIGNING_KEY (secret, the Ed25519 seed): ${seed.toString('base64url')}`);
console.log(`public key (the scanner's): ${x}`);
