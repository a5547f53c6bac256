/**
 * The PIN of spec §5 and §9 (4 digits) as typed in the PIN-unlock dialog: one box per digit.
 * Pure functions over the boxes' values, so typing, autofill, paste and Backspace are testable
 * without a browser; client/components/PinDialog.tsx applies them.
 * The PIN's own rule (4 digits) is worker/rules/pin.ts.
 */
import { PIN_LENGTH } from '../../worker/rules/pin';

/** The boxes' values: each '' or one digit. */
export type Digits = readonly string[];
/** The boxes after an edit, and the box that takes the focus. */
export type PinEdit = { digits: string[]; focus: number };

export const emptyPin = (): string[] => Array.from({ length: PIN_LENGTH }, () => '');

export const isComplete = (digits: Digits): boolean => digits.length === PIN_LENGTH && digits.every((d) => /^[0-9]$/.test(d));

const clamp = (index: number): number => Math.min(Math.max(index, 0), PIN_LENGTH - 1);

/** Writes `typed` (digits only) into the boxes from `index` on; the focus goes to the box after the last one written. */
function fillFrom(digits: Digits, index: number, typed: string): PinEdit {
  const next = [...digits];
  const chars = [...typed].slice(0, PIN_LENGTH - index);
  chars.forEach((d, i) => (next[index + i] = d));
  return { digits: next, focus: clamp(index + chars.length) };
}

/**
 * Box `index` now holds `value` (an input event): a digit typed over the old one, several digits
 * (autofill of a one-time code, a phone keyboard's suggestion) that spill into the next boxes, or
 * nothing (deleted). Anything but digits is ignored.
 */
export function typeInto(digits: Digits, index: number, value: string): PinEdit {
  const old = digits[index] ?? '';
  let typed = value.replace(/[^0-9]/g, '');
  if (typed === '') {
    // A letter typed into an empty or full box changes nothing; an emptied box is cleared.
    const next = [...digits];
    if (value === '') next[index] = '';
    return { digits: next, focus: index };
  }
  // The caret was before or after the old digit: the new one is the rest.
  if (old && typed.length === 2) typed = typed.startsWith(old) ? typed.slice(1) : typed.endsWith(old) ? typed.slice(0, -1) : typed;
  return fillFrom(digits, index, typed);
}

/** Backspace in box `index`: clears its digit, or, when it is empty, the previous box's (and goes there). */
export function backspace(digits: Digits, index: number): PinEdit {
  const next = [...digits];
  if (next[index]) {
    next[index] = '';
    return { digits: next, focus: index };
  }
  const previous = clamp(index - 1);
  next[previous] = '';
  return { digits: next, focus: previous };
}

/** Pasting: a whole PIN ('1234', '12 34') fills every box; fewer digits fill from the box pasted into. */
export function paste(digits: Digits, index: number, text: string): PinEdit {
  const typed = text.replace(/[^0-9]/g, '');
  if (typed.length >= PIN_LENGTH) return fillFrom(emptyPin(), 0, typed);
  return typed ? fillFrom(digits, index, typed) : { digits: [...digits], focus: index };
}
