// The support inbox's console pages (issue 32) through the whole worker, as a browser without
// JavaScript uses them: the queue shows the API's tickets with their filters and bulk actions, the
// ticket page its thread (notes apart), a reply is emailed in the customer's language and audited,
// saved answers prefill a reply and are managed per language; staff without the permission get 403.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { auditOf, outboxFor, seedTicket } from '../../api/contact/support/testing';
import { call, flashOf, html, post, type Jar } from '../../test/site';
import { staffMember } from '../../test/staff';
import { translate } from '../../i18n';

const en = translate('en');

async function console_(roles: string[]): Promise<{ id: string; email: string; jar: Jar }> {
  const staff = await staffMember(roles);
  const jar: Jar = new Map([['staff', staff.token]]);
  return { id: staff.id, email: staff.email, jar };
}

const stateOf = (ticket: string) => env.DB.prepare('SELECT state, assignee_id FROM contact_messages WHERE ticket = ?').bind(ticket).first<{ state: string; assignee_id: string | null }>();

describe('the queue', () => {
  it('shows the tickets the API holds, filtered by words and state, with an empty state that says what to do', async () => {
    const agent = await console_(['support']);
    const { ticket, email } = await seedTicket({ name: 'Salma Queue', message: 'My invoice is missing a unique-word-7781', subject: 'billing' });
    const { html: page, res } = await call('/admin/support', {}, agent.jar);
    expect(res.status).toBe(200);
    expect(page).toContain(ticket);
    expect(page).toContain('Salma Queue');
    expect(page).toContain(html(en('CONTACT_SUBJECT_BILLING')));
    expect(page).toContain(`href="/admin/support/${ticket}"`);
    const found = await call('/admin/support?q=unique-word-7781', {}, agent.jar);
    expect(found.html).toContain(ticket);
    expect(found.html).toContain(email);
    const none = await call('/admin/support?q=no-such-words-at-all-55&state=resolved', {}, agent.jar);
    expect(none.html).not.toContain(ticket);
    expect(none.html).toContain(html(en('ADMIN_SUPPORT_EMPTY_FILTERED')));
  });

  it('closes and assigns the ticked tickets in one form, each change audited', async () => {
    const agent = await console_(['support']);
    const [a, b] = [await seedTicket(), await seedTicket()];
    const assigned = await post('/admin/support?state=new', { intent: 'assign', staff_id: agent.id, [`t.${a.ticket}`]: '1', [`t.${b.ticket}`]: '1' }, agent.jar);
    expect(assigned.res.status).toBe(303);
    expect(assigned.res.headers.get('location')).toBe('/admin/support?state=new');
    expect(flashOf(agent.jar)).toContain('ADMIN_SUPPORT_BULK_DONE');
    expect((await stateOf(a.ticket))?.assignee_id).toBe(agent.id);
    const closed = await post('/admin/support', { intent: 'close', [`t.${a.ticket}`]: '1', [`t.${b.ticket}`]: '1' }, agent.jar);
    expect(closed.res.status).toBe(303);
    expect((await stateOf(a.ticket))?.state).toBe('resolved');
    expect((await stateOf(b.ticket))?.state).toBe('resolved');
    expect((await auditOf(a.ticket)).map((e) => [e.action, e.staff_id])).toEqual([
      ['support.assign', agent.id],
      ['support.state', agent.id],
    ]);
    const nothing = await post('/admin/support', { intent: 'close' }, agent.jar);
    expect(nothing.res.status).toBe(400);
    expect(nothing.html).toContain(html(en('ADMIN_SUPPORT_NONE_SELECTED')));
  });
});

describe('a ticket', () => {
  it('replies in the customer’s language (emailed, audited), adds an internal note shown apart, changes state and assignee', async () => {
    const agent = await console_(['support']);
    const { ticket, email } = await seedTicket({ lang: 'fr', name: 'Hind Fr', message: 'Le film s’arrête.' });
    const first = await call(`/admin/support/${ticket}`, {}, agent.jar);
    expect(first.res.status).toBe(200);
    expect(first.html).toContain(html('Le film s’arrête.'));
    expect(first.html).toContain('console__support-msg--customer');

    const reply = await post(`/admin/support/${ticket}`, { intent: 'reply', body: 'Bonjour, pouvez-vous redémarrer l’application ?' }, agent.jar);
    expect(reply.res.status).toBe(303);
    expect(reply.res.headers.get('location')).toBe(`/admin/support/${ticket}`);
    expect(flashOf(agent.jar)).toContain('ADMIN_SUPPORT_REPLIED');
    const [mail] = await outboxFor(email);
    expect(mail?.subject).toContain(ticket);
    expect(mail?.body).toContain('redémarrer');
    expect(mail?.body).toMatch(/\/contact\/reply\/\S+lang=fr/);
    expect((await stateOf(ticket))?.state).toBe('waiting');

    expect((await post(`/admin/support/${ticket}`, { intent: 'note', body: 'Known bug on old TVs' }, agent.jar)).res.status).toBe(303);
    expect((await post(`/admin/support/${ticket}`, { intent: 'state', state: 'open' }, agent.jar)).res.status).toBe(303);
    expect((await post(`/admin/support/${ticket}`, { intent: 'assign', staff_id: agent.id }, agent.jar)).res.status).toBe(303);
    const after = await call(`/admin/support/${ticket}`, {}, agent.jar);
    expect(after.html).toContain('console__support-msg--reply');
    expect(after.html).toMatch(/console__support-msg--note[\s\S]*Known bug on old TVs/);
    expect(after.html).toContain(html(en('ADMIN_SUPPORT_INTERNAL')));
    expect(await stateOf(ticket)).toEqual({ state: 'open', assignee_id: agent.id });
    expect((await auditOf(ticket)).map((e) => e.action)).toEqual(['support.reply', 'support.note', 'support.state', 'support.assign']);
    // The note never reaches the customer.
    expect((await outboxFor(email)).map((m) => m.body).join()).not.toContain('Known bug');
  });

  it('shows an empty reply as the form’s error, and an unknown ticket as 404', async () => {
    const agent = await console_(['support']);
    const { ticket } = await seedTicket();
    const empty = await post(`/admin/support/${ticket}`, { intent: 'reply', body: '   ' }, agent.jar);
    expect(empty.res.status).toBe(400);
    expect(empty.html).toContain('role="alert"');
    expect((await call('/admin/support/TFJ-ZZZZZZ', {}, agent.jar)).res.status).toBe(404);
  });
});

describe('saved answers', () => {
  it('are created, edited and deleted per language (audited), and one prefills a reply with the name and ticket filled', async () => {
    const agent = await console_(['support']);
    const title = `Restart ${crypto.randomUUID().slice(0, 6)}`;
    const made = await post('/admin/support/answers?lang=ar', { intent: 'create', lang: 'ar', title, body: 'مرحبًا {name}، بخصوص {ticket}: أعد تشغيل التطبيق.' }, agent.jar);
    expect(made.res.status).toBe(303);
    expect(made.res.headers.get('location')).toBe('/admin/support/answers?lang=ar');
    const row = await env.DB.prepare('SELECT id FROM support_saved_answers WHERE title = ?').bind(title).first<{ id: number }>();
    expect(row).not.toBeNull();
    const id = String(row?.id);
    const list = await call('/admin/support/answers?lang=ar', {}, agent.jar);
    expect(list.html).toContain(title);

    const { ticket } = await seedTicket({ lang: 'ar', name: 'Youssef' });
    const prefilled = await call(`/admin/support/${ticket}?answer=${id}`, {}, agent.jar);
    expect(prefilled.html).toContain(`مرحبًا Youssef، بخصوص ${ticket}`);

    expect((await post('/admin/support/answers', { intent: 'edit', id, lang: 'ar', title: `${title} v2`, body: 'نص جديد {name}' }, agent.jar)).res.status).toBe(303);
    expect((await call('/admin/support/answers', {}, agent.jar)).html).toContain(`${title} v2`);
    expect((await post('/admin/support/answers', { intent: 'delete', id }, agent.jar)).res.status).toBe(303);
    expect((await call('/admin/support/answers', {}, agent.jar)).html).not.toContain(`${title} v2`);
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['support.answer_create', 'support.answer_edit', 'support.answer_delete']);
  });
});

describe('permissions', () => {
  it('refuses every support page to staff without support.read (403), and sends a visitor without a console session to sign in', async () => {
    const finance = await console_(['finance']);
    const { ticket } = await seedTicket();
    for (const path of ['/admin/support', `/admin/support/${ticket}`, '/admin/support/answers']) {
      const { res, html: page } = await call(path, {}, finance.jar);
      expect(res.status, path).toBe(403);
      expect(page).toContain(html(en('ADMIN_FORBIDDEN')));
    }
    const refused = await post(`/admin/support/${ticket}`, { intent: 'reply', body: 'Hello' }, finance.jar);
    expect(refused.res.status).toBe(403);
    expect(await auditOf(ticket)).toEqual([]);
    const guest = await call('/admin/support');
    expect(guest.res.status).toBe(303);
    expect(guest.res.headers.get('location')).toMatch(/^\/admin\/login\?back=/);
  });

  it('lets the partnerships team read without answering: no reply form, and a reply posted anyway is refused', async () => {
    const partners = await console_(['partners']);
    const { ticket } = await seedTicket({ subject: 'partnership' });
    const page = await call(`/admin/support/${ticket}`, {}, partners.jar);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(ticket);
    expect(page.html).not.toContain('name="intent" value="reply"');
    const refused = await post(`/admin/support/${ticket}`, { intent: 'reply', body: 'Hello' }, partners.jar);
    expect(refused.res.status).toBe(403);
  });
});
