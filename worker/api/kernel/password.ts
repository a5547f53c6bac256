import Argon2, { Argon2Type } from '@phi-ag/argon2';
import wasm from '@phi-ag/argon2/argon2.wasm';
import { ARGON2_OPTIONS } from './argon2-options';

/**
 * Password hashing: argon2id, 19 MiB, t=2, p=1 (OWASP's first recommended setting), stored as a
 * PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`).
 *
 * Why @phi-ag/argon2: workerd refuses WebAssembly compiled from bytes at run time, and PBKDF2 in
 * Workers stops at 100k iterations. This library ships its .wasm as a file, which wrangler (and the
 * vitest plugin) import as a precompiled `WebAssembly.Module`: instantiating a module is allowed.
 * worker/api/kernel/password.test.ts proves it inside workerd.
 */
export { ARGON2_OPTIONS };

let instance: Promise<Argon2> | undefined;
const argon2 = (): Promise<Argon2> =>
  (instance ??= WebAssembly.instantiate(wasm).then((i) => new Argon2(i)));

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, ARGON2_OPTIONS).encoded;
}

/** True when `password` matches the PHC string (constant-time comparison inside argon2). */
export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  return (await argon2()).tryVerify(encoded, password, Argon2Type.Argon2id).success;
}
