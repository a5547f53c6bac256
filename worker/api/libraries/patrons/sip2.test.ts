import { env } from 'cloudflare:workers';
import { describe, expect, inject, it } from 'vitest';
import type { Bindings } from '../../../env';
import { patronAuthenticator, PatronAuthUnavailable, type LibraryAuthConfig } from './index';
import { sip2Authenticator } from './sip2';

/**
 * The SIP2 adapter against the fake SIP2 server (scripts/dev/fake-sip2.ts, started by
 * worker/test/global-setup.ts): its patrons 500600700 (PIN 2468, Karim Alaoui, expires 2099-12-31),
 * 500600701 (1357, no expiry), 500600702 (charge privileges denied), 500600703 (card reported lost),
 * 500600704 (expired 2020-01-31); its login tafrij / sip-secret.
 */
const NOW = new Date('2026-11-25T20:10:00Z');
const library = (over: Partial<LibraryAuthConfig> = {}): LibraryAuthConfig => ({
  id: 1,
  slug: 'fake-sip2-library',
  patron_auth: 'sip2',
  sip2_host: '127.0.0.1',
  sip2_port: inject('fakeSip2Port'),
  sip2_institution: 'FAKE',
  ...over,
});
const credentials = (login: object = { user: 'tafrij', password: 'sip-secret', location: 'WEB' }, slug = 'fake-sip2-library') =>
  ({ ...env, SIP2_CREDENTIALS: JSON.stringify({ [slug]: login }) }) as Bindings;
const check = (card: string, pin: string, options: { env?: Bindings; library?: LibraryAuthConfig; timeoutMs?: number } = {}) =>
  sip2Authenticator(options.env ?? credentials(), options.library ?? library(), { timeoutMs: options.timeoutMs ?? 2_000 }).check(card, pin, NOW);

describe('SIP2 adapter (Login 93, Patron Information 63 / Patron Status 23)', () => {
  it('a valid patron with the right password is ok, with the personal name (AE) and the expiry (PA)', async () => {
    expect(await check('500600700', '2468')).toEqual({ ok: true, name: 'Karim Alaoui', validUntil: '2099-12-31' });
    expect(await check(' 500600701 ', '1357')).toEqual({ ok: true, name: 'Nadia Tazi', validUntil: null });
  });

  it('is what patronAuthenticator gives a sip2 library', async () => {
    expect(await patronAuthenticator(credentials(), library()).check('500600701', '1357', NOW)).toMatchObject({ ok: true });
  });

  it('asks with Patron Status (23) when the credentials say so', async () => {
    const env23 = credentials({ user: 'tafrij', password: 'sip-secret', request: '23' });
    expect(await check('500600700', '2468', { env: env23 })).toEqual({ ok: true, name: 'Karim Alaoui', validUntil: '2099-12-31' });
    expect(await check('500600700', '9999', { env: env23 })).toEqual({ ok: false, reason: 'not_found' });
  });

  it('a wrong password (CQ N) and an unknown patron (BL N) are both not_found', async () => {
    expect(await check('500600700', '2469')).toEqual({ ok: false, reason: 'not_found' });
    expect(await check('999999999', '2468')).toEqual({ ok: false, reason: 'not_found' });
  });

  it('charge privileges denied or card reported lost is blocked, but only with the right password', async () => {
    expect(await check('500600702', '1111')).toEqual({ ok: false, reason: 'blocked' });
    expect(await check('500600703', '2222')).toEqual({ ok: false, reason: 'blocked' });
    expect(await check('500600702', '0000')).toEqual({ ok: false, reason: 'not_found' });
  });

  it('an expiry date (PA) before today is expired', async () => {
    expect(await check('500600704', '3333')).toEqual({ ok: false, reason: 'expired' });
    const later = await sip2Authenticator(credentials(), library(), { timeoutMs: 2_000 }).check('500600700', '2468', new Date('2100-01-01T00:00:00Z'));
    expect(later).toEqual({ ok: false, reason: 'expired' });
  });

  it('a card or PIN SIP2 cannot carry (a pipe, a carriage return) is not_found without asking', async () => {
    expect(await check('500600700|AD2468', 'x')).toEqual({ ok: false, reason: 'not_found' });
    expect(await check('500600700', '2468\r63')).toEqual({ ok: false, reason: 'not_found' });
  });

  it('a refused login is unavailable; without credentials the server (which wants a login) closes: unavailable', async () => {
    await expect(check('500600700', '2468', { env: credentials({ user: 'tafrij', password: 'wrong' }) })).rejects.toThrow(/refused our SIP2 login/);
    await expect(check('500600700', '2468', { env: { ...env, SIP2_CREDENTIALS: undefined } as Bindings })).rejects.toBeInstanceOf(PatronAuthUnavailable);
  });

  it('a server that closes the connection or never answers is unavailable (timeout)', async () => {
    await expect(check('sip2-close', '1')).rejects.toThrow(/closed the connection/);
    const started = Date.now();
    await expect(check('sip2-silent', '1', { timeoutMs: 300 })).rejects.toThrow(/no SIP2 answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a bad checksum (AZ) or an answer without CQ is unavailable', async () => {
    await expect(check('sip2-badsum', '1')).rejects.toThrow(/malformed SIP2 answer: wrong checksum/);
    await expect(check('sip2-nocq', '1')).rejects.toThrow(/valid patron password \(CQ\)/);
  });

  it('nothing listening, no host configured or malformed credentials are unavailable', async () => {
    await expect(check('500600700', '2468', { library: library({ sip2_port: 1 }) })).rejects.toBeInstanceOf(PatronAuthUnavailable);
    await expect(check('500600700', '2468', { library: library({ sip2_host: null }) })).rejects.toThrow(/no SIP2 host/);
    await expect(check('500600700', '2468', { env: { ...env, SIP2_CREDENTIALS: '{not json' } as Bindings })).rejects.toThrow(/not JSON/);
  });
});
