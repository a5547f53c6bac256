import { isoCBOR } from '@simplewebauthn/server/helpers';
import { fromBase64url, toBase64url } from '../../rules/base64url';
import { concatBytes } from '../../rules/bytes';
import type { AuthenticationCredential, RegistrationCredential } from './schemas';

/**
 * A software authenticator for tests (a security key made of Web Crypto): a P-256 key pair, a
 * credential id, and the signature counter. It answers navigator.credentials.create() with
 * attestation "none" (authenticator data with the COSE public key, CBOR) and .get() with an ES256
 * signature of the authenticator data and the client data's hash, as WebAuthn Level 2 lays them out.
 * `origin` is what the browser would report; the relying party id's hash is of `rpId`.
 */
export class SoftAuthenticator {
  readonly id = toBase64url(crypto.getRandomValues(new Uint8Array(16)));
  counter = 0;
  private constructor(private readonly keys: CryptoKeyPair) {}

  static async make(): Promise<SoftAuthenticator> {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair;
    return new SoftAuthenticator(keys);
  }

  /** The answer to create() for `challenge` (base64url, from the server's options). */
  async register(challenge: string, { origin, rpId = new URL(origin).hostname }: { origin: string; rpId?: string }): Promise<RegistrationCredential> {
    const jwk = await crypto.subtle.exportKey('jwk', this.keys.publicKey);
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, bytesOf(jwk.x ?? '')],
        [-3, bytesOf(jwk.y ?? '')],
      ]),
    );
    const idBytes = bytesOf(this.id);
    const attested = concatBytes(new Uint8Array(16), new Uint8Array([idBytes.length >> 8, idBytes.length & 255]), idBytes, coseKey);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = concatBytes(await sha256(rpId), new Uint8Array([0x45]), counterBytes(this.counter), attested);
    const attestationObject = isoCBOR.encode(new Map<string, string | Uint8Array | Map<string, number>>([['fmt', 'none'], ['attStmt', new Map<string, number>()], ['authData', authData]]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: clientData('webauthn.create', challenge, origin), attestationObject: toBase64url(attestationObject), transports: ['usb'] },
    };
  }

  /** The answer to get() for `challenge`; the counter moves one forward first (`counter` set by hand replays an old one). */
  async sign(challenge: string, { origin, rpId = new URL(origin).hostname, credentialId = this.id }: { origin: string; rpId?: string; credentialId?: string }): Promise<AuthenticationCredential> {
    this.counter += 1;
    const authenticatorData = concatBytes(await sha256(rpId), new Uint8Array([0x05]), counterBytes(this.counter));
    const clientDataJSON = clientData('webauthn.get', challenge, origin);
    const signed = concatBytes(authenticatorData, new Uint8Array(await crypto.subtle.digest('SHA-256', bytesOf(clientDataJSON))));
    const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, signed));
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON, authenticatorData: toBase64url(authenticatorData), signature: toBase64url(derSignature(raw)) },
    };
  }
}

/** The bytes of a base64url text (the test's own values: always valid). */
const bytesOf = (b64url: string): Uint8Array<ArrayBuffer> => fromBase64url(b64url) ?? new Uint8Array();

const sha256 = async (text: string): Promise<Uint8Array> => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
const counterBytes = (n: number): Uint8Array => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const clientData = (type: string, challenge: string, origin: string): string => toBase64url(new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false })));

/** Web Crypto's ECDSA signature (r ‖ s, 64 bytes) as the ASN.1 DER sequence WebAuthn carries. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array): Uint8Array => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
    const trimmed = bytes.slice(start);
    const body = (trimmed[0] ?? 0) & 0x80 ? concatBytes(new Uint8Array([0]), trimmed) : trimmed;
    return concatBytes(new Uint8Array([0x02, body.length]), body);
  };
  const seq = concatBytes(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concatBytes(new Uint8Array([0x30, seq.length]), seq);
}
