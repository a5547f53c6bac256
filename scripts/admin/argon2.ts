/**
 * argon2id in Node for the CLIs and the seed (library PINs: scripts/admin/library-patrons.ts,
 * scripts/seed/library-patrons.ts): the same library as the worker (@phi-ag/argon2, its Node entry
 * reads the .wasm from disk) with the same parameters (worker/api/kernel/argon2-options.ts), so the
 * worker's verifyPassword accepts these PHC strings. worker/api/libraries/patrons/csv.test.ts proves
 * it with a hash made here (vitest's global setup, worker/test/global-setup.ts).
 */
import initialize from '@phi-ag/argon2/node';
import { ARGON2_OPTIONS } from '../../worker/api/kernel/argon2-options.ts';

let instance: ReturnType<typeof initialize> | undefined;

/** The PIN as an argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), salted afresh. */
export async function hashPin(pin: string): Promise<string> {
  return (await (instance ??= initialize())).hash(pin, ARGON2_OPTIONS).encoded;
}
