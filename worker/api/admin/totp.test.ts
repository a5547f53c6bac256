import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchingStep, otpauthUri, stepOf } from './totp';

/** RFC 6238 Appendix B's SHA-1 secret: "12345678901234567890". */
const RFC_SECRET = new TextEncoder().encode('12345678901234567890');

describe('one-time codes (RFC 6238)', () => {
  it('gives RFC 4226 Appendix D test values', async () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    for (const [counter, code] of expected.entries()) expect(await hotp(RFC_SECRET, counter)).toBe(code);
  });

  it('gives RFC 6238 Appendix B values (the last six digits of its eight)', async () => {
    const secret = base32Encode(RFC_SECRET);
    for (const [time, code] of [[59, '287082'], [1111111109, '081804'], [1234567890, '005924'], [2000000000, '279037']] as const) {
      const at = new Date(time * 1000);
      expect(await matchingStep(secret, code, at, 0)).toBe(stepOf(at));
    }
  });

  it('accepts a code one step early or late, refuses older ones, and a step already used', async () => {
    const secret = base32Encode(RFC_SECRET);
    const at = new Date(1234567890 * 1000);
    const step = stepOf(at);
    const late = await hotp(RFC_SECRET, step - 1);
    expect(await matchingStep(secret, late, at, 0)).toBe(step - 1);
    expect(await matchingStep(secret, await hotp(RFC_SECRET, step - 2), at, 0)).toBeNull();
    expect(await matchingStep(secret, late, at, step - 1)).toBeNull();
    expect(await matchingStep(secret, 'abcdef', at, 0)).toBeNull();
  });

  it('encodes base32 both ways, ignoring spaces and case', () => {
    const bytes = crypto.getRandomValues(new Uint8Array(20));
    const text = base32Encode(bytes);
    expect(text).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(text.toLowerCase().replace(/(.{4})/g, '$1 '))).toEqual(bytes);
    expect(base32Decode('not base32!')).toBeNull();
  });

  it('writes the otpauth URI authenticator apps scan', () => {
    expect(otpauthUri('Tafrij', 'amina@example.com', 'ABC')).toBe('otpauth://totp/Tafrij:amina%40example.com?secret=ABC&issuer=Tafrij&algorithm=SHA1&digits=6&period=30');
  });
});
