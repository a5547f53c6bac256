import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('argon2id inside workerd', () => {
  it('hashes to a PHC string with 19 MiB, t=2, p=1 and verifies it', async () => {
    const encoded = await hashPassword('Secret123');
    expect(encoded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(await verifyPassword(encoded, 'Secret123')).toBe(true);
    expect(await verifyPassword(encoded, 'Secret124')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('Secret123')).not.toBe(await hashPassword('Secret123'));
  });

  it('verifies a hash made by another implementation (hash-wasm in Node, same parameters)', async () => {
    const reference = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$fpdPYss5EZ/NMBtcLCeIlm1Xic8UBjx2ymv8WKk3kUo';
    expect(await verifyPassword(reference, 'Secret123')).toBe(true);
    expect(await verifyPassword(reference, 'secret123')).toBe(false);
  });
});
