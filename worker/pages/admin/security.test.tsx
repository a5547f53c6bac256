import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD } from '../../test/accounts';
import { staffMember } from '../../test/staff';
import { call, en, flashOf, html, newIp, post, type Jar } from '../../test/site';
import { SoftAuthenticator } from '../../api/admin/testing';

/**
 * The console's security page and the passkey at sign-in, through the whole worker as a browser
 * sends them: the page renders the passkey island with the server's options; what the island would
 * post (the software authenticator's answer in the form's `credential` field) adds the passkey and
 * then signs in with it.
 */

const ORIGIN = 'http://localhost';
type Options = { challenge: string };

/** The WebAuthn options a page handed to its passkey island. */
function islandOptions(page: string): Options {
  const props = /data-island="passkey"[^>]*data-props="([^"]*)"/.exec(page)?.[1];
  expect(props, 'passkey island').toBeDefined();
  const decoded = (props ?? '').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return JSON.parse((JSON.parse(decoded) as { options: string }).options) as Options;
}

async function staffJar(roles: string[]) {
  const staff = await staffMember(roles);
  await env.DB.prepare("INSERT INTO staff_totp (user_id, secret, confirmed_at) VALUES (?1, 'JBSWY3DPEHPK3PXP', '2026-01-01T00:00:00.000Z')").bind(staff.id).run();
  const jar: Jar = new Map([['staff', staff.token]]);
  return { ...staff, jar };
}

describe('the security page (/admin/security)', () => {
  it('lists no passkey at first, adds one from the island’s answer, lists it, removes it; both audited', async () => {
    const staff = await staffJar(['support']);
    const first = await call('/admin/security', {}, staff.jar);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('cache-control')).toContain('no-store');
    expect(first.html).toContain(html(en('ADMIN_PASSKEYS_EMPTY')));
    const key = await SoftAuthenticator.make();
    const credential = await key.register(islandOptions(first.html).challenge, { origin: ORIGIN });
    const added = await post('/admin/security', { intent: 'add', name: 'Bureau ﺍﻟﺮﺑﺎﻁ', credential: JSON.stringify(credential) }, staff.jar);
    expect(added.res.status).toBe(303);
    expect(flashOf(staff.jar)).toContain('ADMIN_PASSKEYS_ADDED');
    const listed = await call('/admin/security', {}, staff.jar);
    expect(listed.html).toContain(html('Bureau ﺍﻟﺮﺑﺎﻁ'));
    expect(listed.html).toContain(html(en('ADMIN_PASSKEYS_NEVER_USED')));
    const removed = await post('/admin/security', { intent: 'remove', id: key.id }, staff.jar);
    expect(removed.res.status).toBe(303);
    expect((await call('/admin/security', {}, staff.jar)).html).toContain(html(en('ADMIN_PASSKEYS_EMPTY')));
    const log = await env.DB.prepare("SELECT action FROM audit_log WHERE staff_id = ?1 AND action LIKE 'staff.passkey%' ORDER BY id").bind(staff.id).all<{ action: string }>();
    expect(log.results.map((e) => e.action)).toEqual(['staff.passkey_add', 'staff.passkey_remove']);
  });

  it('shows the API’s refusal in the form (an answer that is not a passkey), and sends a visitor without a session to sign in', async () => {
    const staff = await staffJar(['finance']);
    const bad = await post('/admin/security', { intent: 'add', name: 'x', credential: '{not json' }, staff.jar);
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain('role="alert"');
    const guest = await call('/admin/security');
    expect(guest.res.status).toBe(303);
    expect(guest.res.headers.get('location')).toBe('/admin/login?back=%2Fadmin%2Fsecurity');
  });
});

describe('signing in with a passkey (/admin/login)', () => {
  it('after the password, the page offers the passkey; its answer signs in and lands on the console', async () => {
    const staff = await staffJar(['support']);
    const key = await SoftAuthenticator.make();
    const page = await call('/admin/security', {}, staff.jar);
    await post('/admin/security', { intent: 'add', name: 'Key', credential: JSON.stringify(await key.register(islandOptions(page.html).challenge, { origin: ORIGIN })) }, staff.jar);

    const jar: Jar = new Map();
    const ip = newIp();
    const second = await post('/admin/login?back=%2Fadmin%2Faudit', { step: 'password', login: staff.email, password: GOOD_PASSWORD }, jar, ip);
    expect(second.res.status).toBe(200);
    expect(second.html).toContain(html(en('ADMIN_PASSKEYS_SIGN_IN')));
    const challenge = /name="challenge" value="([^"]+)"/.exec(second.html)?.[1] ?? '';
    // An answer that is no passkey's: asked again, the passkey still offered.
    const wrong = await post('/admin/login', { step: 'passkey', challenge, credential: 'null' }, jar, ip);
    expect(wrong.res.status).toBe(400);
    expect(wrong.html).toContain(html(en('STAFF_PASSKEY_INVALID')));
    const assertion = await key.sign(islandOptions(wrong.html).challenge, { origin: ORIGIN });
    const signed = await post('/admin/login?back=%2Fadmin%2Faudit', { step: 'passkey', challenge, credential: JSON.stringify(assertion) }, jar, ip);
    expect(signed.res.status).toBe(303);
    expect(signed.res.headers.get('location')).toBe('/admin/audit');
    expect(jar.get('staff')).toMatch(/^[\w-]{40,}$/);
    expect((await call('/admin', {}, jar)).res.status).toBe(200);
  });

  it('a staff member without a passkey sees only the code', async () => {
    const staff = await staffJar(['support']);
    const second = await post('/admin/login', { step: 'password', login: staff.email, password: GOOD_PASSWORD }, new Map(), newIp());
    expect(second.html).toContain('name="code"');
    expect(second.html).not.toContain('data-island="passkey"');
  });
});
