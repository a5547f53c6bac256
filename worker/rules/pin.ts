/** Spec §9: PIN: 4 digits (spec §5; checked by the API, the edge forms and the PIN dialog). */
export const PIN_LENGTH = 4;
export const PIN_PATTERN = /^[0-9]{4}$/;

/** Spec §5 PIN: exactly 4 digits, else the translation key PIN_FORMAT. */
export const checkPin = (value: string): 'PIN_FORMAT' | null => (PIN_PATTERN.test(value) ? null : 'PIN_FORMAT');

/**
 * Spec §8 PIN check: GET auth/profile/pin answered 404 → CODE_WAS_INCORRECT, 429 →
 * TOO_MANY_ATTEMPTS, anything else → WHOSWATCHING_CODE_WAS_INCORRECT. With the 429's `delay`
 * (seconds), the message says how many minutes to wait.
 */
export function pinError(status: number, delay?: number): { key: string; params?: Record<string, number> } {
  if (status === 404) return { key: 'CODE_WAS_INCORRECT' };
  if (status === 429) return delay && delay > 0 ? { key: 'TOO_MANY_ATTEMPTS_WAIT', params: { minutes: Math.ceil(delay / 60) } } : { key: 'TOO_MANY_ATTEMPTS' };
  return { key: 'WHOSWATCHING_CODE_WAS_INCORRECT' };
}
