import { serverSecret, type ServerSecret } from '../kernel/tokens';
import { fromBase64url, toBase64url } from '../../rules/base64url';

/**
 * A library card's PIN, sealed (AES-256-GCM, key derived with HKDF from the server secret) so the
 * card can be re-checked with its library when its last check is older than a day, without asking
 * the patron again. Stored as base64url(iv ‖ ciphertext); never shown, never logged.
 */
const encoder = new TextEncoder();

async function pinKey(env: ServerSecret): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', encoder.encode(serverSecret(env)), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('tafrij-library-card'), info: encoder.encode('pin-seal-v1') },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export async function sealPin(env: ServerSecret, pin: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await pinKey(env), encoder.encode(pin)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64url(out);
}

/** The PIN, or null when it cannot be opened (the server secret changed): the card then needs its PIN again. */
export async function openPin(env: ServerSecret, sealed: string): Promise<string | null> {
  const bytes = fromBase64url(sealed);
  if (!bytes) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, await pinKey(env), bytes.slice(12));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
