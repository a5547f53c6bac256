// The customer's page (issue 32): the account at a glance and its whole story, assembled from what
// the real API calls of a customer left in every table, newest first, paged by a cursor.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingDeps } from '../../payments/deps';
import { runBilling } from '../../payments/renewals';
import { CustomerView, Timeline, type TimelineItem, type TimelineKind } from './schemas';
import { callConsole, customerStory, staffMember, type StaffMember, type Story } from './testing';

let story: Story;
let support: StaffMember;

beforeAll(async () => {
  [story, support] = await Promise.all([customerStory(), staffMember('support')]);
}, 120_000);

const view = async (query = '') => {
  const res = await callConsole(`/${story.id}${query}`, { staff: support });
  expect(res.status, await res.clone().text()).toBe(200);
  return CustomerView.parse(await res.json());
};

/** Every item of the story, page after page of `limit`. */
async function allPages(limit: number, sources = ''): Promise<TimelineItem[]> {
  const items: TimelineItem[] = [];
  let cursor: string | null = '';
  for (let pages = 0; cursor !== null && pages < 100; pages++) {
    const query = new URLSearchParams({ limit: String(limit), ...(sources ? { sources } : {}), ...(cursor ? { cursor } : {}) });
    const res = await callConsole(`/${story.id}/timeline?${query}`, { staff: support });
    expect(res.status, await res.clone().text()).toBe(200);
    const page = Timeline.parse(await res.json());
    items.push(...page.items);
    cursor = page.next;
  }
  return items;
}

const ofKind = <K extends TimelineKind>(items: TimelineItem[], kind: K) => items.filter((i): i is Extract<TimelineItem, { kind: K }> => i.kind === kind);

describe('GET /admin/customers/:userId', () => {
  it('shows the account, its subscription, profiles, signed-in devices and library cards', async () => {
    const page = await view();
    expect(page.account).toMatchObject({ id: story.id, email: story.email, phone: story.phone, lang: 'fr', active: true, emailVerified: false, credits: 0, staffRoles: [] });
    expect(page.subscription).toMatchObject({ premium: true, state: 'active', planId: 1, cancelled: false, provider: 'coupon', currency: 'MAD' });
    expect(page.profiles.map((p) => [p.firstName, p.lastName, p.kid, p.pin])).toEqual([
      ['Zineb', story.lastName, false, false],
      [null, null, true, true],
    ]);
    // The first login is still signed in; the second signed out.
    expect(page.devices).toHaveLength(1);
    expect(page.libraryCards.map((k) => k.cardNumber)).toEqual([story.cardNumber]);
    expect(page.timeline.items.length).toBeGreaterThan(20);
  });

  it('tells the story from every table the customer’s calls wrote, each item with its structured payload', async () => {
    const items = await allPages(200);
    const kinds = new Set(items.map((i) => i.kind));
    for (const kind of [
      'account.registered', 'session.started', 'session.ended', 'profile.created', 'profile.pin_changed', 'subscription.cancelled', 'subscription.resumed',
      'payment.subscribe', 'payment.renew', 'payment.tickets', 'payment.order', 'invoice.issued', 'coupon.redeemed', 'tickets.unlocked', 'library.card_added',
      'library.loan', 'events.order', 'events.eticket', 'contact.message', 'code.sent', 'message.email', 'password.reset_requested',
    ] as const) {
      expect(kinds, kind).toContain(kind);
    }
    expect(ofKind(items, 'payment.subscribe')[0]?.data).toMatchObject({ transactionId: story.transactionId, state: 'accepted', method: 'card', provider: 'sandbox', amount: 1000, currency: 'MAD', planId: 1 });
    expect(ofKind(items, 'payment.renew')[0]?.data).toMatchObject({ method: 'coupon', amount: 0, discount: 1000, state: 'accepted' });
    const cash = ofKind(items, 'payment.tickets').find((i) => i.data.method === 'cash');
    expect(cash?.data).toMatchObject({ state: 'pending', voucherRef: story.voucherRef, amount: 1500 });
    expect(ofKind(items, 'invoice.issued').map((i) => i.data.number)).toContain(`TAF-${story.invoice.issuedAt.slice(0, 4)}-${String(story.invoice.number).padStart(6, '0')}`);
    expect(ofKind(items, 'events.eticket')[0]?.data).toMatchObject({ orderId: story.orderId, ticketKind: 'venue', state: 'valid' });
    expect(ofKind(items, 'events.eticket')[0]?.data.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{2}$/);
    expect(ofKind(items, 'events.order')[0]?.data).toMatchObject({ orderId: story.orderId, state: 'fulfilled', amount: 15000 });
    // The show's titles in every language, for the console to name it in its own.
    expect(JSON.parse(String(ofKind(items, 'events.order')[0]?.data.showTitles))).toMatchObject({ en: expect.stringContaining('Opening night') });
    expect(ofKind(items, 'contact.message')[0]?.data).toEqual({ ticket: story.ticket, subject: 'billing', topic: null });
    expect(ofKind(items, 'code.sent')[0]?.data).toMatchObject({ channel: 'email', to: story.email, purpose: 'verify', used: false });
    expect(ofKind(items, 'profile.pin_changed')[0]?.data).toMatchObject({ profileId: story.kidsProfile, name: 'Kids', pin: true });
    expect(ofKind(items, 'session.ended')[0]?.data.reason).toBe('logout');
    expect(ofKind(items, 'subscription.cancelled')[0]?.data).toMatchObject({ planId: 1 });
    // No sentence to translate: the page translates each kind (ADMIN_CUSTOMERS_KIND_*).
    expect(items.every((i) => /^[a-z_.]+$/.test(i.kind))).toBe(true);
  });

  it('pages by a cursor: small pages give the whole story once, newest first', async () => {
    const whole = await allPages(200);
    const paged = await allPages(4);
    expect(paged.map((i) => i.key)).toEqual(whole.map((i) => i.key));
    expect(new Set(whole.map((i) => i.key)).size).toBe(whole.length);
    const order = whole.map((i) => [i.at, i.key] as const);
    expect(order).toEqual([...order].sort((a, b) => (a[0] !== b[0] ? (a[0] < b[0] ? 1 : -1) : a[1] < b[1] ? 1 : -1)));
  });

  it('filters by source, and the back office’s own actions and the billing clock join the story', async () => {
    const money = await allPages(50, 'payments,invoices');
    expect(new Set(money.map((i) => i.kind.split('.')[0]))).toEqual(new Set(['payment', 'invoice']));
    const signOut = await callConsole(`/${story.id}/sign-out`, { staff: support, method: 'POST', body: { reason: 'Customer lost a phone' } });
    expect(signOut.status).toBe(200);
    // The billing clock two days later: the day pass ended, back on the free offer.
    await runBilling(billingDeps(env), new Date(Date.now() + 3 * 86_400_000));
    const latest = (await view('?sources=audit,subscription')).timeline.items;
    expect(ofKind(latest, 'audit')[0]?.data).toMatchObject({ action: 'customer.sign_out', staffId: support.id, staffRoles: 'support', reason: 'Customer lost a phone', entity: 'user', entityId: story.id, after: { openSessions: 0 } });
    expect(ofKind(latest, 'subscription.ended')[0]?.data).toMatchObject({ planId: 1 });
  });

  it('answers 404 for an unknown account, 400 for a bad cursor or source, 403 without customers.read', async () => {
    expect((await callConsole('/no-such-account', { staff: support })).status).toBe(404);
    expect((await callConsole(`/${story.id}/timeline?cursor=not-a-cursor`, { staff: support })).status).toBe(400);
    expect((await callConsole(`/${story.id}/timeline?sources=payments,gossip`, { staff: support })).status).toBe(400);
    expect((await callConsole(`/${story.id}/timeline?limit=0`, { staff: support })).status).toBe(400);
    const programming = await staffMember('programming');
    expect((await callConsole(`/${story.id}`, { staff: programming })).status).toBe(403);
    expect((await callConsole(`/${story.id}/timeline`, { staff: programming })).status).toBe(403);
  });
});
