import type { Limiter } from '../../limits';
import { verifyPassword } from '../kernel/password';
import type { ProfileRow } from './queries';

/** `ok`; a wrong PIN (`retryAfter: 0`); or too many tries, with the seconds to wait. */
export type PinCheck = { ok: true } | { ok: false; retryAfter: number };

/**
 * Spec §5 PIN, §8 PIN check: a PIN-locked profile opens with its PIN only, 5 tries in 15 minutes per
 * profile (Durable Object rule 'pin', counted before the check so parallel tries are counted exactly;
 * a right PIN gives the tries back). A profile without an active PIN always opens.
 */
export async function checkProfilePin(tries: Pick<Limiter, 'consume' | 'reset'>, row: ProfileRow, pin: string): Promise<PinCheck> {
  const key = `profile:${row.id}`;
  const state = await tries.consume('pin', key);
  if (!state.allowed) return { ok: false, retryAfter: state.retryAfter };
  if (row.pin_hash !== null && row.pin_is_activated === 1 && !(await verifyPassword(row.pin_hash, pin))) return { ok: false, retryAfter: 0 };
  await tries.reset('pin', key);
  return { ok: true };
}

/** True when choosing this profile needs its PIN. */
export const pinLocked = (row: ProfileRow): boolean => row.pin_hash !== null && row.pin_is_activated === 1;
