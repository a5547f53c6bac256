/** The PIN of spec §5 and §9: 4 digits (checked by the API, the edge forms and the PIN dialog). */
export const PIN_LENGTH = 4;
export const PIN_PATTERN = /^[0-9]{4}$/;

/** Spec §5 PIN: exactly 4 digits, else the translation key PIN_FORMAT. */
export const checkPin = (value: string): 'PIN_FORMAT' | null => (PIN_PATTERN.test(value) ? null : 'PIN_FORMAT');
