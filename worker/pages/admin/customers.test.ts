// The console's customer pages (issue 32) through the whole worker, as a browser without JavaScript:
// the search by a voucher reference and its empty states, the CSV, the customer's page with its
// story (filtered, paged), the actions with a reason and a confirmation (flash, audit), the bulk
// action, and the permissions: no session → sign in, no customers.read → 403, no customers.act →
// no action forms and the API's 403.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { registeredUser } from '../../test/accounts';
import { call, en, flashOf, html, post, quietConsole, type Jar } from '../../test/site';
import { staffMember } from '../../test/staff';
import { accountsByEmail, auditOf, customerStory, type Story } from '../../api/admin/customers/testing';

quietConsole();

const jarOf = async (roles: string[]): Promise<{ jar: Jar; id: string }> => {
  const staff = await staffMember(roles);
  return { jar: new Map([['staff', staff.token]]), id: staff.id };
};
const active = async (id: string) => (await env.DB.prepare('SELECT is_active FROM users WHERE id = ?1').bind(id).first<{ is_active: number }>())?.is_active;
const reasonOk = { reason: 'Customer called, identity checked', confirm: '1' };

let story: Story;
beforeAll(async () => {
  story = await customerStory();
}, 60_000);

describe('/admin/customers', () => {
  it('says what can be searched, finds the customer from a cash voucher reference with how it matched, and exports the result', async () => {
    const { jar } = await jarOf(['support']);
    const start = await call('/admin/customers', {}, jar);
    expect(start.res.status).toBe(200);
    expect(start.html).toContain(html(en('ADMIN_CUSTOMERS_START')));
    expect(start.html).toContain('href="/admin/customers"');

    const found = await call(`/admin/customers?q=${encodeURIComponent(story.voucherRef)}`, {}, jar);
    expect(found.res.status).toBe(200);
    expect(found.html).toContain(`href="/admin/customers/${story.id}"`);
    expect(found.html).toContain(html(en('ADMIN_CUSTOMERS_MATCH_VOUCHER')));
    expect(found.html).toContain(story.voucherRef);
    expect(found.html).toContain(en('ADMIN_CUSTOMERS_ACTIVE'));
    expect(found.html).toContain(`name="pick_${story.id}"`);

    const none = await call('/admin/customers?q=nobody-at-all%40example.invalid', {}, jar);
    expect(none.html).toContain(html(en('ADMIN_CUSTOMERS_NONE', { q: 'nobody-at-all@example.invalid' })));

    const csv = await call(`/admin/customers.csv?q=${encodeURIComponent(story.email)}`, {}, jar);
    expect(csv.res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.html.replace(/^\uFEFF/, '').startsWith('id,email,phone,name')).toBe(true);
    expect(csv.html).toContain(`${story.id},${story.email},`);
  });

  it('without a console session goes to sign in; without customers.read is refused (403), the CSV too', async () => {
    const bare = await call('/admin/customers?q=x');
    expect(bare.res.status).toBe(303);
    expect(bare.res.headers.get('location')).toMatch(/^\/admin\/login\?back=/);
    const { jar } = await jarOf(['catalogue']);
    for (const path of ['/admin/customers', `/admin/customers/${story.id}`, '/admin/customers.csv?q=x']) {
      const page = await call(path, {}, jar);
      expect(page.res.status, path).toBe(403);
      expect(page.html).toContain(html(en('ADMIN_FORBIDDEN')));
    }
    const refused = await post(`/admin/customers/${story.id}`, { intent: 'suspend', ...reasonOk }, jar);
    expect(refused.res.status).toBe(403);
    expect(await active(story.id)).toBe(1);
  });

  it('bulk: suspends the accounts ticked, each audited with the reason, with a flash; nothing ticked or unconfirmed is said', async () => {
    const { jar } = await jarOf(['support']);
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const done = await post('/admin/customers?q=x', { action: 'suspend', [`pick_${a.id}`]: '1', [`pick_${b.id}`]: '1', reason: 'Card testing ring', confirm: '1' }, jar);
    expect(done.res.status).toBe(303);
    expect(done.res.headers.get('location')).toBe('/admin/customers?q=x');
    expect(flashOf(jar)).toContain('ADMIN_CUSTOMERS_BULK_DONE');
    expect([await active(a.id), await active(b.id)]).toEqual([0, 0]);
    expect((await auditOf(a.id)).map((e) => [e.action, e.reason])).toEqual([['customer.suspend', 'Card testing ring']]);

    const nothing = await post('/admin/customers', { action: 'suspend', reason: 'Card testing ring', confirm: '1' }, jar);
    expect(nothing.res.status).toBe(400);
    expect(nothing.html).toContain(html(en('ADMIN_CUSTOMERS_PICK_NONE')));
    const unconfirmed = await post('/admin/customers', { action: 'reinstate', [`pick_${a.id}`]: '1', reason: 'Card testing ring' }, jar);
    expect(unconfirmed.res.status).toBe(400);
    expect(unconfirmed.html).toContain(html(en('ADMIN_CUSTOMERS_CONFIRM_REQUIRED')));
    expect(await active(a.id)).toBe(0);
  });
});

describe('/admin/customers: sorted, filtered, paged', () => {
  it('sorts and filters the accounts found, pages through them with next and previous links, and the bulk action acts on the ticked page and comes back to it', async () => {
    const { jar } = await jarOf(['support']);
    const prefix = `pl${crypto.randomUUID().slice(0, 8)}`;
    // 30 accounts, the newest with the first email; every third suspended.
    const ids = await accountsByEmail(prefix, 30, (i) => ({ createdAt: `2026-03-${String(30 - i).padStart(2, '0')}T09:00:00.000Z`, active: i % 3 !== 0 }));
    const emailOf = (i: number) => `${prefix}-${String(i).padStart(3, '0')}@example.com`;

    const first = await call(`/admin/customers?q=${prefix}&sort=oldest`, {}, jar);
    expect(first.res.status).toBe(200);
    expect(first.html).toContain(html(en('ADMIN_CUSTOMERS_FOUND', { count: 30 })));
    expect(first.html).toContain(html(en('ADMIN_CUSTOMERS_LIST_PAGE', { page: 1, pages: 2 })));
    expect(first.html).toContain('<option value="oldest" selected="">');
    // Oldest first: the last email (created on 1 March) leads, the 25th on the page is #5; #4 is on page 2.
    expect(first.html.indexOf(emailOf(29))).toBeLessThan(first.html.indexOf(emailOf(5)));
    expect(first.html).not.toContain(emailOf(4));
    const next = /href="([^"]+)" rel="next"/.exec(first.html)?.[1]?.replace(/&amp;/g, '&');
    expect(next).toBe(`/admin/customers?q=${prefix}&sort=oldest&page=2`);
    expect(first.html).not.toContain('rel="prev"');

    const second = await call(next!, {}, jar);
    expect(second.html).toContain(emailOf(4));
    expect(second.html).toContain(emailOf(0));
    expect(second.html).not.toContain(emailOf(5));
    expect(/href="([^"]+)" rel="prev"/.exec(second.html)?.[1]?.replace(/&amp;/g, '&')).toBe(`/admin/customers?q=${prefix}&sort=oldest`);
    expect(second.html).not.toContain('rel="next"');
    // The CSV holds every account found, in the same order, whatever the page.
    expect(second.html).toContain(`href="/admin/customers.csv?q=${prefix}&amp;sort=oldest"`);
    const csv = await call(`/admin/customers.csv?q=${prefix}&sort=oldest`, {}, jar);
    expect(csv.html.split('\n').filter((line) => line.includes(prefix))).toHaveLength(30);

    const suspended = await call(`/admin/customers?q=${prefix}&status=suspended&sort=email`, {}, jar);
    expect(suspended.html).toContain(html(en('ADMIN_CUSTOMERS_FOUND', { count: 10 })));
    expect(suspended.html).not.toContain(emailOf(1));
    expect(suspended.html).not.toContain('rel="next"');
    const none = await call(`/admin/customers?q=${prefix}&from=2027-01-01`, {}, jar);
    expect(none.html).toContain(html(en('ADMIN_CUSTOMERS_LIST_NONE_FILTERED', { q: prefix })));
    expect(none.html).toContain(`href="/admin/customers?q=${prefix}"`);
    const past = await call(`/admin/customers?q=${prefix}&page=7`, {}, jar);
    expect(past.html).toContain(html(en('ADMIN_CUSTOMERS_LIST_PAST_END')));
    // What does not read is left at its default.
    expect((await call(`/admin/customers?q=${prefix}&sort=bogus&page=-3&from=soon`, {}, jar)).html).toContain(html(en('ADMIN_CUSTOMERS_FOUND', { count: 30 })));

    // The bulk form of page 2 posts back to page 2, and acts on the accounts ticked there.
    expect(second.html).toContain(`action="/admin/customers?q=${prefix}&amp;sort=oldest&amp;page=2"`);
    const done = await post(`/admin/customers?q=${prefix}&sort=oldest&page=2`, { action: 'reinstate', [`pick_${ids[3]}`]: '1', [`pick_${ids[0]}`]: '1', reason: 'Checked with the bank', confirm: '1' }, jar);
    expect(done.res.status).toBe(303);
    expect(done.res.headers.get('location')).toBe(`/admin/customers?q=${prefix}&sort=oldest&page=2`);
    expect([await active(ids[3]!), await active(ids[0]!), await active(ids[6]!)]).toEqual([1, 1, 0]);
  });
});

describe('/admin/customers/:id', () => {
  it('shows the account at a glance and its story, filtered by kind and paged with older links', async () => {
    const { jar } = await jarOf(['finance']);
    const page = await call(`/admin/customers/${story.id}`, {}, jar);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(story.email);
    expect(page.html).toContain(story.lastName);
    expect(page.html).toContain(story.cardNumber);
    expect(page.html).toContain('Kids');
    for (const kind of ['ADMIN_CUSTOMERS_KIND_EVENTS_ORDER', 'ADMIN_CUSTOMERS_KIND_CONTACT_MESSAGE']) expect(page.html, kind).toContain(html(en(kind)));
    // Finance reads customers but does not act on them: no action form.
    expect(page.html).not.toContain('name="intent"');

    const payments = await call(`/admin/customers/${story.id}?source=payments`, {}, jar);
    expect(payments.html).toContain(story.voucherRef);
    expect(payments.html).not.toContain(html(en('ADMIN_CUSTOMERS_KIND_CONTACT_MESSAGE')));

    const older = /href="(\/admin\/customers\/[^"?]+\?cursor=[^"]+)"/.exec(page.html)?.[1];
    expect(older, 'an older page').toBeTruthy();
    const next = await call(older!.replace(/&amp;/g, '&'), {}, jar);
    expect(next.res.status).toBe(200);
    expect(next.html).toContain(html(en('ADMIN_CUSTOMERS_KIND_ACCOUNT_REGISTERED')));
    expect(next.html).toContain(html(en('ADMIN_CUSTOMERS_NEWEST')));

    const missing = await call('/admin/customers/no-such-account', {}, jar);
    expect(missing.res.status).toBe(404);
    const bad = await call(`/admin/customers/${story.id}?cursor=garbage`, {}, jar);
    expect(bad.res.status).toBe(303);
  });

  it('suspends then reinstates with a reason and a confirmation: flash, the account changed, both in the audit log', async () => {
    const { jar, id: supportId } = await jarOf(['support']);
    const user = await registeredUser();
    const page = await call(`/admin/customers/${user.id}`, {}, jar);
    expect(page.html).toContain('value="suspend"');
    expect(page.html).toContain(html(en('ADMIN_CUSTOMERS_SUSPEND_CONFIRM')));

    const noReason = await post(`/admin/customers/${user.id}`, { intent: 'suspend', reason: ' ', confirm: '1' }, jar);
    expect(noReason.res.status).toBe(400);
    expect(noReason.html).toContain(html(en('ADMIN_CUSTOMERS_REFUSAL_REASON_REQUIRED')));

    const suspended = await post(`/admin/customers/${user.id}`, { intent: 'suspend', ...reasonOk }, jar);
    expect(suspended.res.status).toBe(303);
    expect(suspended.res.headers.get('location')).toBe(`/admin/customers/${user.id}`);
    expect(flashOf(jar)).toContain('ADMIN_CUSTOMERS_DONE_SUSPEND');
    expect(await active(user.id)).toBe(0);
    const shown = await call(`/admin/customers/${user.id}`, {}, jar);
    expect(shown.html).toContain(en('ADMIN_CUSTOMERS_SUSPENDED'));
    expect(shown.html).toContain('value="reinstate"');

    const twice = await post(`/admin/customers/${user.id}`, { intent: 'suspend', ...reasonOk }, jar);
    expect(twice.res.status).toBe(409);
    expect(twice.html).toContain(html(en('ADMIN_CUSTOMERS_REFUSAL_ALREADY_SUSPENDED')));

    expect((await post(`/admin/customers/${user.id}`, { intent: 'reinstate', ...reasonOk }, jar)).res.status).toBe(303);
    expect(await active(user.id)).toBe(1);
    expect((await auditOf(user.id)).map((e) => [e.action, e.reason, e.staff_id])).toEqual([
      ['customer.suspend', reasonOk.reason, supportId],
      ['customer.reinstate', reasonOk.reason, supportId],
    ]);
  });

  it('signs out everywhere, gives premium days once for one form, starts an email change; finance gets the API’s 403', async () => {
    const { jar } = await jarOf(['support']);
    const user = await registeredUser();
    expect((await post(`/admin/customers/${user.id}`, { intent: 'sign-out', ...reasonOk }, jar)).res.status).toBe(303);
    const attempt = crypto.randomUUID();
    const grant = { intent: 'premium', days: '7', plan_id: '1', attempt, ...reasonOk };
    expect((await post(`/admin/customers/${user.id}`, grant, jar)).res.status).toBe(303);
    expect((await post(`/admin/customers/${user.id}`, grant, jar)).res.status).toBe(303);
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const asked = await post(`/admin/customers/${user.id}`, { intent: 'email', email, ...reasonOk }, jar);
    expect(asked.res.headers.get('location')).toBe(`/admin/customers/${user.id}?email=${encodeURIComponent(email)}`);
    const second = await call(asked.res.headers.get('location')!, {}, jar);
    expect(second.html).toContain('value="email-confirm"');
    expect((await auditOf(user.id)).map((e) => e.action)).toEqual(['customer.sign_out', 'customer.premium_grant', 'customer.email_change_request']);

    const finance = await jarOf(['finance']);
    const refused = await post(`/admin/customers/${user.id}`, { intent: 'sign-out', ...reasonOk }, finance.jar);
    expect(refused.res.status).toBe(403);
    expect((await auditOf(user.id)).length).toBe(3);
  });
});
