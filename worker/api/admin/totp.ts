/**
 * Time-based one-time codes (RFC 6238 over RFC 4226 HOTP): HMAC-SHA-1, 30-second steps, 6 digits,
 * the codes of any authenticator app (their `otpauth://` URI as Google Authenticator's Key Uri
 * Format describes it). Secrets are 20 random bytes in base32 (RFC 4648, no padding).
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of one step before or after are accepted too (a clock a little off, a code typed late). */
export const TOTP_WINDOW = 1;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Base32 to bytes; spaces and case are ignored (secrets are often typed in groups). Null when not base32. */
export function base32Decode(text: string): Uint8Array<ArrayBuffer> | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) return null;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

export const newTotpSecret = (): string => base32Encode(crypto.getRandomValues(new Uint8Array(20)));

/** The time step of a moment. */
export const stepOf = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);

/** The HOTP code of a counter (RFC 4226 §5.3: dynamic truncation). */
export async function hotp(secret: Uint8Array<ArrayBuffer>, counter: number): Promise<string> {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, message));
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  const binary = new DataView(mac.buffer).getUint32(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/**
 * The step whose code `code` is, within the window around `at`, and later than `lastStep` (a code is
 * good once); null when it is none of them.
 */
export async function matchingStep(secretBase32: string, code: string, at: Date, lastStep: number): Promise<number | null> {
  const secret = base32Decode(secretBase32);
  if (!secret || !/^\d{6}$/.test(code)) return null;
  const now = stepOf(at);
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step += 1) {
    if (step > lastStep && (await hotp(secret, step)) === code) return step;
  }
  return null;
}

/** What an authenticator app scans: `otpauth://totp/Issuer:account?secret=…&issuer=…`. */
export const otpauthUri = (issuer: string, account: string, secret: string): string =>
  `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;
