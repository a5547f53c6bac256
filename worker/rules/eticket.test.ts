import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DEV_ETICKET_SEED, eticketPublicKey, importSeed, signETicket } from '../api/events/etickets/signing';
import { ETICKET_PREFIX, eticketPayload, fromBase64url, normalizeShortCode, parseETicket, shortCode, toBase64url, verifyETicket, type ETicketClaims } from './eticket';

const claims: ETicketClaims = { t: '3f2a9c1e-7b44-4d0a-9e1f-2c3d4e5f6a7b', e: 1, s: 2, y: 3, k: 'both', h: 'فاطمة الزهراء' };
const OTHER_SEED = toBase64url(new Uint8Array(32).fill(7));

describe('verifyETicket (Ed25519, WebCrypto in workerd)', () => {
  it('accepts a token signed with the key, and gives back its claims', async () => {
    const token = await signETicket(env, claims);
    expect(token.startsWith(`${ETICKET_PREFIX}.`)).toBe(true);
    expect(token.length).toBeLessThan(260);
    expect(await verifyETicket(token, await eticketPublicKey(env))).toEqual(claims);
  });

  it('derives the public key of the seed as Node does (scripts/admin/eticket-key.ts): the development key', async () => {
    expect(toBase64url((await importSeed(DEV_ETICKET_SEED)).publicKey)).toBe('LFxCrc4VhVxxDk8U5JKEjbgSHuNw2hHP2pk2Wapwac4');
    expect(toBase64url(await eticketPublicKey(env))).toBe('LFxCrc4VhVxxDk8U5JKEjbgSHuNw2hHP2pk2Wapwac4');
  });

  it('signs with ETICKET_SIGNING_KEY when set, and refuses to issue without it in production', async () => {
    const other = toBase64url(new Uint8Array(32).fill(3));
    const token = await signETicket({ ...env, ETICKET_SIGNING_KEY: other }, claims);
    expect(await verifyETicket(token, (await importSeed(other)).publicKey)).toEqual(claims);
    expect(await verifyETicket(token, await eticketPublicKey(env))).toBeNull();
    await expect(signETicket({ ...env, DEV_OUTBOX: 'false' }, claims)).rejects.toMatchObject({ status: 503 });
    await expect(signETicket({ ...env, ETICKET_SIGNING_KEY: 'not-a-seed' }, claims)).rejects.toMatchObject({ status: 503 });
  });

  it('refuses a changed claim, another key, and garbage', async () => {
    const token = await signETicket(env, claims);
    const [prefix, , signature] = token.split('.');
    const changed = `${prefix}.${eticketPayload({ ...claims, k: 'venue' })}.${signature}`;
    const key = await eticketPublicKey(env);
    expect(parseETicket(changed)).not.toBeNull();
    expect(await verifyETicket(changed, key)).toBeNull();
    const other = await importSeed(OTHER_SEED);
    const payload = eticketPayload(claims);
    const wrongKey = `${ETICKET_PREFIX}.${payload}.${toBase64url(new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, other.privateKey, new TextEncoder().encode(`${ETICKET_PREFIX}.${payload}`))))}`;
    expect(parseETicket(wrongKey)).not.toBeNull();
    expect(await verifyETicket(wrongKey, key)).toBeNull();
    expect(await verifyETicket(wrongKey, other.publicKey)).toEqual(claims);
    for (const garbage of ['', 'hello', 'TFJ1..', `TFJ2.${payload}.${signature}`, `${token}.x`, `${prefix}.${payload}.${signature?.slice(1)}`, 'TFJ1.e30.' + 'A'.repeat(86)]) {
      expect(await verifyETicket(garbage, key)).toBeNull();
    }
  });

  it('refuses a payload that is not the canonical encoding (keys re-ordered)', () => {
    const reordered = toBase64url(new TextEncoder().encode(JSON.stringify({ e: 1, t: claims.t, s: 2, y: 3, k: 'both', h: claims.h })));
    expect(parseETicket(`${ETICKET_PREFIX}.${reordered}.${'A'.repeat(86)}`)).toBeNull();
  });

  it('round-trips base64url and short codes', () => {
    const bytes = new Uint8Array([0, 255, 62, 63, 128]);
    expect(fromBase64url(toBase64url(bytes))).toEqual(bytes);
    expect(fromBase64url('a+b/')).toBeNull();
    expect(shortCode(claims.t)).toBe('3F2A-9C1E-7B');
    expect(normalizeShortCode('3f2a 9c1e-7b')).toBe('3F2A9C1E7B');
    expect(normalizeShortCode('3f2a')).toBeNull();
  });
});
