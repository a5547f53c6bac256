/**
 * TV sign-in ("TV linking", spec §2 page titles): the OAuth 2.0 device authorization grant
 * (RFC 8628). A TV asks for a device code and a short user code, shows the user code, and polls;
 * a signed-in person types the code at /tv/link and picks a profile; the TV's next poll gets tokens.
 * Shared by the API (worker/api/device-link) and the /tv/link page.
 */
import { z } from 'zod';

/** RFC 8628 §3.4: the grant type the TV polls the token endpoint with. */
export const DEVICE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';
/** How long a device code and its user code live (RFC 8628 `expires_in`). */
export const DEVICE_CODE_TTL_SECONDS = 15 * 60;
/** The minimum wait between two polls (RFC 8628 `interval`). */
export const POLL_INTERVAL_SECONDS = 5;
/** RFC 8628 §3.5 slow_down: "the interval MUST be increased by 5 seconds for this and all subsequent requests". */
export const SLOW_DOWN_SECONDS = 5;
/**
 * RFC 8628 §6.1: the user code's characters. Consonants only (no vowels, so no words; no 0/O or 1/I
 * to confuse), upper case, 8 of them shown as XXXX-XXXX: 20^8 ≈ 2^34.5 codes, and wrong tries are
 * rate-limited per account (worker/limits, rule 'device-link').
 */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;

/** What a person typed, as the stored code: upper case, separators and spaces dropped. */
export function normalizeUserCode(typed: string): string {
  return typed.toUpperCase().replace(/[^A-Z]/g, '');
}

/** True when the typed text can be a user code at all (right length, right letters). */
export function isUserCode(typed: string): boolean {
  const code = normalizeUserCode(typed);
  return code.length === USER_CODE_LENGTH && [...code].every((ch) => USER_CODE_ALPHABET.includes(ch));
}

/** The code as shown on the TV and in links: XXXX-XXXX. */
export function formatUserCode(code: string): string {
  const normal = normalizeUserCode(code);
  return `${normal.slice(0, 4)}-${normal.slice(4)}`;
}

/** A new random user code (uniform over the alphabet: 256 is not a multiple of 20, so bytes ≥ 240 are drawn again). */
export function newUserCode(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  let code = '';
  while (code.length < USER_CODE_LENGTH) {
    for (const byte of random(USER_CODE_LENGTH)) {
      if (byte < 240 && code.length < USER_CODE_LENGTH) code += USER_CODE_ALPHABET[byte % 20];
    }
  }
  return code;
}

/**
 * GET /auth/device?user_code= answer: the TV waiting for this code, as its request recorded it (its
 * own name, user agent, and the approximate place Cloudflare gave: country code and city), shown to
 * the person before they approve (RFC 8628 §5.4).
 */
export const DeviceLookup = z.object({
  user_code: z.string(),
  device_name: z.string(),
  user_agent: z.string(),
  country: z.string(),
  city: z.string(),
  expires_at: z.number(),
});
export type DeviceLookup = z.infer<typeof DeviceLookup>;
