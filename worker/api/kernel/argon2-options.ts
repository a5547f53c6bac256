import { Argon2Type, Argon2Version } from '@phi-ag/argon2';

/**
 * argon2id, 19 MiB, t=2, p=1 (OWASP's first recommended setting): the parameters of every hash the
 * worker verifies (passwords, library PINs). Apart from password.ts, which imports the .wasm only
 * wrangler can, so Node CLIs hash with the same parameters (scripts/admin/argon2.ts).
 */
export const ARGON2_OPTIONS = {
  type: Argon2Type.Argon2id,
  version: Argon2Version.Version13,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  hashLength: 32,
} as const;
