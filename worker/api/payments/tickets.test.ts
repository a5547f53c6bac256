// Pay per title (issue 14): ticket packs bought like a plan, one ticket unlocks one premium title for
// one viewing resumable for 48 hours, exactly once under parallel clicks.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, messageOf, registeredUser } from '../../test/accounts';
import { makeTitle } from '../../test/catalogue';
import { ContentPage } from '../pages/schemas';
import { decide, deliver, invoicesOf, payAtAgency, startCheckout, userRow } from './testing';

const HOUR = 3_600_000;
const PACK_1 = 8;
const PACK_5 = 9;

type Account = Awaited<ReturnType<typeof registeredUser>>;
const at = (d: Date) => ({ 'x-test-now': d.toISOString() });
const credits = async (id: string) => (await env.DB.prepare('SELECT credits FROM users WHERE id = ?').bind(id).first<{ credits: number }>())?.credits;
const unlock = (who: Account, slug: string, when = new Date()) => callApi(`/pages/content/${slug}/unlock`, { method: 'POST', token: who.tokens.token, headers: at(when) });
const stream = (who: Account, slug: string, when = new Date()) =>
  callApi(`/pages/content/${slug}/stream_url`, { token: who.tokens.token, headers: { ...at(when), 'X-Device-Id': `dev-${who.id}`, 'X-Client-IP': '10.9.9.9' } });
const page = async (who: Account, slug: string, when = new Date()) => ContentPage.parse(await (await callApi(`/pages/content/${slug}`, { token: who.tokens.token, headers: at(when) })).json()).content;

async function withTickets(n: 1 | 5): Promise<Account> {
  const user = await registeredUser();
  const answer = await startCheckout(user.tokens.token, n === 1 ? PACK_1 : PACK_5, { currency: 'MAD' });
  expect((await deliver(await decide(answer, 'approve'))).status).toBe(200);
  return user;
}

describe('ticket packs', () => {
  it('are sold apart from the plans; a pack paid by card adds its tickets, gives an invoice and changes no subscription', async () => {
    const packs = (await (await callApi('/payments/packs')).json()) as { id: number; tickets: number; prices: { MAD: number } }[];
    expect(packs.map((p) => [p.id, p.tickets])).toEqual([[8, 1], [9, 5], [10, 10]]);
    const plans = (await (await callApi('/payments/plans')).json()) as { id: number }[];
    expect(plans.map((p) => p.id)).not.toContain(PACK_5);
    const user = await withTickets(5);
    expect(await credits(user.id)).toBe(5);
    expect((await userRow(user.id))?.subscription_id).toBeNull();
    expect(await invoicesOf(user.id)).toHaveLength(1);
    const tx = ((await (await callApi('/payments/transactions', { token: user.tokens.token })).json()) as { purpose: string; amount: number; state: string }[])[0];
    expect(tx).toMatchObject({ purpose: 'tickets', amount: 5900, state: 'accepted' });
    const mail = await env.DB.prepare("SELECT body FROM outbox WHERE recipient = ? AND subject LIKE '%5 tickets%'").bind(user.email).first<{ body: string }>();
    expect(mail?.body).toContain('5');
  });

  it('a pack paid in cash: tickets once the agency confirms, not before; a coupon is refused for packs', async () => {
    const user = await registeredUser();
    const answer = await startCheckout(user.tokens.token, PACK_1, { method: 'cash' });
    expect(await credits(user.id)).toBe(0);
    const { voucher_ref } = (await (await callApi(`/payments/transactions/${answer.transaction.id}`, { token: user.tokens.token })).json()) as { voucher_ref: string };
    // A pack waiting for validation does not make the account "waiting" for a subscription.
    expect(((await (await callApi('/payments/subscription', { token: user.tokens.token })).json()) as { state: string | null }).state).toBeNull();
    await payAtAgency(voucher_ref);
    expect(await credits(user.id)).toBe(1);
    const coupon = await callApi(`/payments/subscription/${PACK_1}`, { method: 'POST', token: user.tokens.token, body: { method: 'coupon', coupon: 'BIENVENUE100' } });
    expect([coupon.status, await messageOf(coupon)]).toEqual([409, 'COUPON_NOT_FOR_PLAN: coupons are for subscription plans']);
  });
});

describe('unlocking a premium title with a ticket', () => {
  it('premium without a subscription → unlock with 1 ticket → it plays for 48 hours, then not; the balance went down by one', async () => {
    const title = await makeTitle({ premium: true });
    const user = await withTickets(5);
    const t0 = new Date();
    expect(await messageOf(await stream(user, title.slug, t0))).toMatch(/^PREMIUM_REQUIRED/);
    expect(await page(user, title.slug, t0)).toMatchObject({ access: 'premium', tickets: { credits: 5, until: null } });
    const res = await unlock(user, title.slug, t0);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { unlocked_until: string; spent: boolean; credits: number };
    expect(body).toMatchObject({ spent: true, credits: 4 });
    expect(Date.parse(body.unlocked_until) - t0.getTime()).toBe(48 * HOUR);
    expect((await stream(user, title.slug, t0)).status).toBe(200);
    expect(await page(user, title.slug, t0)).toMatchObject({ access: 'ok', tickets: { credits: 4, until: body.unlocked_until } });
    // Resumable on the same account within 48 hours, at no cost.
    expect((await stream(user, title.slug, new Date(t0.getTime() + 47 * HOUR))).status).toBe(200);
    const again = (await (await unlock(user, title.slug, new Date(t0.getTime() + 47 * HOUR))).json()) as { spent: boolean; credits: number };
    expect(again).toMatchObject({ spent: false, credits: 4 });
    // Over after 48 hours: one more ticket for another viewing.
    expect(await messageOf(await stream(user, title.slug, new Date(t0.getTime() + 49 * HOUR)))).toMatch(/^PREMIUM_REQUIRED/);
    expect(((await (await unlock(user, title.slug, new Date(t0.getTime() + 49 * HOUR))).json()) as { credits: number }).credits).toBe(3);
    // Another account does not get it.
    const other = await withTickets(1);
    expect((await stream(other, title.slug, t0)).status).toBe(403);
    const list = (await (await callApi('/payments/tickets', { token: user.tokens.token })).json()) as { credits: number; unlocks: { slug: string }[] };
    expect(list.credits).toBe(3);
    expect(list.unlocks.map((u) => u.slug)).toEqual([title.slug, title.slug]);
  });

  it('20 parallel clicks on Unlock spend one ticket; 5 titles unlocked in parallel with 1 ticket: exactly one opens', async () => {
    const user = await withTickets(5);
    const title = await makeTitle({ premium: true });
    const clicks = await Promise.all(Array.from({ length: 20 }, () => unlock(user, title.slug)));
    expect(clicks.every((r) => r.status === 200)).toBe(true);
    const answers = (await Promise.all(clicks.map((r) => r.json()))) as { spent: boolean }[];
    expect(answers.filter((a) => a.spent)).toHaveLength(1);
    expect(await credits(user.id)).toBe(4);

    const poor = await withTickets(1);
    const titles = await Promise.all(Array.from({ length: 5 }, () => makeTitle({ premium: true })));
    const results = await Promise.all(titles.map((t) => unlock(poor, t.slug)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await messageOf(results.find((r) => r.status === 409) as Response)).toBe('NO_TICKETS: no ticket left: buy a pack or subscribe');
    expect(await credits(poor.id)).toBe(0);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM unlocks WHERE user_id = ?').bind(poor.id).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it('refusals: guests 401, no ticket 409, a free title or a subscriber 409, an unknown title 404', async () => {
    const premium = await makeTitle({ premium: true });
    const free = await makeTitle({ premium: false });
    expect((await callApi(`/pages/content/${premium.slug}/unlock`, { method: 'POST' })).status).toBe(401);
    const user = await registeredUser();
    expect(await messageOf(await unlock(user, premium.slug))).toMatch(/^NO_TICKETS/);
    const rich = await withTickets(1);
    expect(await messageOf(await unlock(rich, free.slug))).toMatch(/^NOT_PREMIUM_CONTENT/);
    expect((await unlock(rich, 'no-such-title-here')).status).toBe(404);
    expect((await unlock(rich, 'Bad Slug!')).status).toBe(400);
    await env.DB.prepare("UPDATE users SET subscription_id = 7, subscription_start = '2026-01-01', subscription_end = '2999-01-01' WHERE id = ?").bind(rich.id).run();
    expect(await messageOf(await unlock(rich, premium.slug))).toMatch(/^NOT_PREMIUM_CONTENT/);
    expect(await credits(rich.id)).toBe(1);
    expect((await page(rich, premium.slug)).tickets).toBeNull();
  });
});
