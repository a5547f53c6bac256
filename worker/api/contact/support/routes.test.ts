import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../..';
import { REPLY_LINK_DAYS } from '../../../rules/support';
import { signReplyToken } from './link';
import type { BulkAnswer, Changed, CustomerThread, Posted, Queue, SavedAnswer, TicketDetail } from './schemas';
import { asStaff, auditOf, outboxFor, replyLinkIn, seedTicket, staffMember, type StaffMember } from './testing';

/** The support inbox (issue 32): the console's routes at /admin/support and the customer's reply link. */

const json = async <T,>(res: Response, status = 200): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
};
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

/** The customer's side, through the built-in API as the reply page calls it. */
const customer = (path: string, init: { body?: unknown; ip?: string; headers?: Record<string, string> } = {}) =>
  Promise.resolve(
    api.request(
      path,
      init.body === undefined
        ? { headers: init.headers }
        : { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Client-IP': init.ip ?? `198.51.100.${Math.floor(Math.random() * 250) + 1}`, ...init.headers }, body: JSON.stringify(init.body) },
      env,
    ),
  );
/** The API path of a reply link (the page's /contact/reply/{token}, without the site's origin and ?lang). */
const apiPathOf = (link: string) => new URL(link).pathname;

let agent: StaffMember;
beforeAll(async () => {
  agent = await staffMember('support');
});
afterEach(() => vi.restoreAllMocks());

describe('permissions', () => {
  it('asks for a console session (401) and a support permission (403) on every route', async () => {
    const { ticket } = await seedTicket();
    const routes: [string, string, unknown?][] = [
      ['GET', '/tickets'],
      ['GET', `/tickets/${ticket}`],
      ['POST', `/tickets/${ticket}/reply`, { body: 'Hello' }],
      ['POST', `/tickets/${ticket}/note`, { body: 'Note' }],
      ['POST', `/tickets/${ticket}/state`, { state: 'open' }],
      ['POST', `/tickets/${ticket}/assign`, { staffId: null }],
      ['POST', '/tickets/bulk', { action: 'close', ids: [ticket] }],
      ['GET', '/assignees'],
      ['GET', '/answers'],
      ['POST', '/answers', { lang: 'en', title: 'Hello', body: 'Hello' }],
      ['PUT', '/answers/1', { body: 'Hello' }],
      ['DELETE', '/answers/1'],
    ];
    const customerAccount = await staffMember();
    const finance = await staffMember('finance');
    const librarian = await staffMember('librarian');
    for (const [method, path, body] of routes) {
      const anonymous = await asStaff(null, path, { method, body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(await messageOf(anonymous)).toMatch(/^STAFF_SESSION_REQUIRED/);
      // A customer or a field role has no console session at all; finance has one without the permission.
      for (const who of [customerAccount, librarian]) expect((await asStaff(who, path, { method, body })).status, `${method} ${path}`).toBe(401);
      const forbidden = await asStaff(finance, path, { method, body });
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      expect(await messageOf(forbidden)).toMatch(/^STAFF_FORBIDDEN: support\.(read|reply)$/);
    }
    expect(await auditOf(ticket)).toEqual([]);
  });

  it('shows a role with partners.read but not support.read the librarians’ and partnership requests only, read-only', async () => {
    // The partners role of 0021 also holds support.read (the whole queue): a role with partners.read alone is made here.
    await env.DB.batch([
      env.DB.prepare("INSERT OR IGNORE INTO staff_roles (name, console) VALUES ('partners-only', 1)"),
      env.DB.prepare("INSERT OR IGNORE INTO staff_role_permissions (role, permission) VALUES ('partners-only', 'partners.read')"),
    ]);
    const partners = await staffMember('partners-only');
    const marker = `partners-${crypto.randomUUID()}`;
    const librarian = await seedTicket({ subject: 'librarian', topic: 'demo', library: 'Médiathèque de Fès', message: marker });
    const partnership = await seedTicket({ subject: 'partnership', message: marker });
    const billing = await seedTicket({ subject: 'billing', message: marker });
    const seen = await json<Queue>(await asStaff(partners, `/tickets?q=${marker}`));
    expect(seen.tickets.map((t) => t.ticket).sort()).toEqual([librarian.ticket, partnership.ticket].sort());
    expect(seen.tickets.find((t) => t.ticket === librarian.ticket)).toMatchObject({ subject: 'librarian', topic: 'demo', library: 'Médiathèque de Fès' });
    expect((await asStaff(partners, `/tickets/${librarian.ticket}`)).status).toBe(200);
    const hidden = await asStaff(partners, `/tickets/${billing.ticket}`);
    expect(hidden.status).toBe(404);
    expect(await messageOf(hidden)).toBe(`SUPPORT_TICKET_NOT_FOUND: ${billing.ticket}`);
    // Support sees all three.
    expect((await json<Queue>(await asStaff(agent, `/tickets?q=${marker}`))).total).toBe(3);
    // Answering is support's.
    const reply = await asStaff(partners, `/tickets/${librarian.ticket}/reply`, { body: { body: 'Bonjour' } });
    expect(reply.status).toBe(403);
  });
});

describe('GET /admin/support/tickets: the queue', () => {
  it('filters by state, subject, assignee and search (ticket number, email, text), sorts by age, pages, and counts per state', async () => {
    const marker = `queue-${crypto.randomUUID()}`;
    const other = await staffMember('support');
    const day = (n: number) => new Date(Date.UTC(2001, 0, n)).toISOString();
    const a = await seedTicket({ subject: 'billing', createdAt: day(1), message: `Double charge ${marker}` });
    const b = await seedTicket({ subject: 'librarian', topic: 'trial', library: 'Rabat', createdAt: day(2), message: `Trial for our library ${marker}` });
    const c = await seedTicket({ subject: 'technical', createdAt: day(3), message: `Buffering ${marker}` });
    const d = await seedTicket({ subject: 'billing', createdAt: day(4), message: `Invoice ${marker}`, email: `unique-${crypto.randomUUID()}@example.com` });
    const e = await seedTicket({ subject: 'technical', createdAt: day(5), name: `Name ${marker}`, message: 'No sound' });
    await asStaff(agent, `/tickets/${a.ticket}/assign`, { body: { staffId: agent.id } });
    await asStaff(agent, `/tickets/${b.ticket}/assign`, { body: { staffId: other.id } });
    await asStaff(agent, `/tickets/${c.ticket}/reply`, { body: { body: 'Try another browser.' } });
    await asStaff(agent, `/tickets/${d.ticket}/state`, { body: { state: 'resolved' } });
    const list = async (query: string) => json<Queue>(await asStaff(agent, `/tickets?q=${marker}&${query}`));
    const numbers = (queue: Queue) => queue.tickets.map((t) => t.ticket);

    const all = await list('');
    expect(numbers(all)).toEqual([a, b, c, d, e].map((t) => t.ticket));
    expect(all.total).toBe(5);
    expect(all.counts).toEqual({ new: 1, open: 2, waiting: 1, resolved: 1 });
    expect(all.tickets[0]).toMatchObject({ state: 'open', subject: 'billing', assignee: { id: agent.id, email: agent.email }, lang: 'en' });
    expect(all.tickets[0]?.ageSeconds).toBeGreaterThan(20 * 365 * 86_400);

    expect(numbers(await list('sort=newest'))).toEqual([e, d, c, b, a].map((t) => t.ticket));
    const page2 = await list('perPage=2&page=2');
    expect(numbers(page2)).toEqual([c.ticket, d.ticket]);
    expect(page2).toMatchObject({ total: 5, page: 2, perPage: 2 });
    expect(numbers(await list('state=open'))).toEqual([a.ticket, b.ticket]);
    const unresolved = await list('state=new,open,waiting');
    expect(numbers(unresolved)).toEqual([a, b, c, e].map((t) => t.ticket));
    // The counts per state ignore the state filter (the tabs).
    expect(unresolved.counts).toEqual(all.counts);
    expect(numbers(await list('subject=billing'))).toEqual([a.ticket, d.ticket]);
    const billing = await list('subject=billing&state=resolved');
    expect(numbers(billing)).toEqual([d.ticket]);
    expect(billing.counts).toEqual({ new: 0, open: 1, waiting: 0, resolved: 1 });
    expect(numbers(await list('assignee=me'))).toEqual([a.ticket]);
    expect(numbers(await list(`assignee=${other.id}`))).toEqual([b.ticket]);
    expect(numbers(await list('assignee=none'))).toEqual([c, d, e].map((t) => t.ticket));

    // Search alone: a ticket number (any case, with or without TFJ-), an email, words of a message or the name.
    const search = async (q: string) => numbers(await json<Queue>(await asStaff(agent, `/tickets?q=${encodeURIComponent(q)}`)));
    expect(await search(c.ticket)).toEqual([c.ticket]);
    expect(await search(c.ticket.slice(4).toLowerCase())).toEqual([c.ticket]);
    expect(await search(d.email.toUpperCase())).toEqual([d.ticket]);
    expect(await search(`Buffering ${marker}`)).toEqual([c.ticket]);
    // A staff reply is part of the thread searched.
    expect(await search('Try another browser.')).toContain(c.ticket);
    // Wildcards are plain characters.
    expect(await search(`%${marker.slice(0, 12)}_`)).toEqual([]);
  });

  it('refuses a bad filter with a 400 and never a 500', async () => {
    for (const query of ['state=closed', 'subject=spam', 'sort=age', 'page=0', 'perPage=1000', `q=${'x'.repeat(201)}`]) {
      const res = await asStaff(agent, `/tickets?${query}`);
      expect(res.status, query).toBe(400);
      expect(await messageOf(res), query).toMatch(/^BAD_REQUEST: /);
    }
  });
});

describe('replies, notes and the customer’s link', () => {
  it('emails a reply in the customer’s language with the ticket number and a link that opens the thread; audited', async () => {
    const { ticket, email } = await seedTicket({ lang: 'fr', name: 'Youssef', message: 'Le film ne démarre pas.' });
    const posted = await json<Posted>(await asStaff(agent, `/tickets/${ticket}/reply`, { body: { body: 'Bonjour Youssef,\n\nVidez le cache puis réessayez.' } }), 201);
    expect(posted.emailed).toBe(true);
    expect(posted.ticket.state).toBe('waiting');
    expect(posted.message).toMatchObject({ kind: 'reply', author: { id: agent.id, email: agent.email }, emailedAt: expect.any(String) });

    const [mail, ...more] = await outboxFor(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Notre réponse à votre message (${ticket})`);
    expect(mail?.body).toContain('Bonjour Youssef,');
    expect(mail?.body).toContain('Videz le cache puis réessayez.');
    expect(mail?.body).toContain(`${REPLY_LINK_DAYS} jours`);
    const link = replyLinkIn(mail?.body ?? '');
    expect(link).toMatch(new RegExp(`^${env.PUBLIC_ORIGIN}/contact/reply/${ticket}\\.\\d+\\.[\\w-]{43}\\?lang=fr$`));

    const thread = await json<CustomerThread>(await customer(apiPathOf(link)));
    expect(thread).toMatchObject({ ticket, lang: 'fr', state: 'waiting', name: 'Youssef' });
    expect(thread.messages.map((m) => [m.from, m.body])).toEqual([
      ['customer', 'Le film ne démarre pas.'],
      ['support', 'Bonjour Youssef,\n\nVidez le cache puis réessayez.'],
    ]);
    expect(await auditOf(ticket)).toEqual([
      expect.objectContaining({ staff_id: agent.id, action: 'support.reply', entity: 'ticket', before_json: '{"state":"new"}', after_json: expect.stringContaining('"state":"waiting"') }),
    ]);
  });

  it('keeps the reply when its email fails, and says so', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { ticket, email } = await seedTicket();
    await env.DB.prepare("UPDATE contact_messages SET email = 'not-an-address' WHERE ticket = ?").bind(ticket).run();
    const posted = await json<Posted>(await asStaff(agent, `/tickets/${ticket}/reply`, { body: { body: 'Hello' } }), 201);
    expect(posted).toMatchObject({ emailed: false, message: { emailedAt: null } });
    expect((await json<TicketDetail>(await asStaff(agent, `/tickets/${ticket}`))).messages).toHaveLength(2);
    expect(await outboxFor(email)).toEqual([]);
  });

  it('never shows an internal note to the customer, and never emails it', async () => {
    const { ticket, email } = await seedTicket({ lang: 'ar' });
    const note = await json<Posted>(await asStaff(agent, `/tickets/${ticket}/note`, { body: { body: 'Internal: refund pending with finance' } }), 201);
    expect(note.message.kind).toBe('note');
    expect(note.ticket.state).toBe('new');
    expect(await outboxFor(email)).toEqual([]);
    await asStaff(agent, `/tickets/${ticket}/reply`, { body: { body: 'مرحبا، نحن نعمل على طلبك.' } });
    const [mail] = await outboxFor(email);
    expect(mail?.subject).toBe(`ردّنا على رسالتك (${ticket})`);
    expect(mail?.body).not.toContain('Internal');
    const thread = await json<CustomerThread>(await customer(apiPathOf(replyLinkIn(mail?.body ?? ''))));
    expect(thread.messages.map((m) => m.from)).toEqual(['customer', 'support']);
    expect(JSON.stringify(thread)).not.toContain('refund pending');
    // Staff see it in the thread.
    const detail = await json<TicketDetail>(await asStaff(agent, `/tickets/${ticket}`));
    expect(detail.messages.map((m) => m.kind)).toEqual(['customer', 'note', 'reply']);
    expect((await auditOf(ticket)).map((e) => e.action)).toEqual(['support.note', 'support.reply']);
  });

  it('takes the customer’s reply through the link: on the thread, the ticket open again, the assignee told', async () => {
    const { ticket, email } = await seedTicket({ lang: 'es', name: 'Lucía' });
    await asStaff(agent, `/tickets/${ticket}/assign`, { body: { staffId: agent.id } });
    await asStaff(agent, `/tickets/${ticket}/reply`, { body: { body: '¿Qué navegador usa?' } });
    await asStaff(agent, `/tickets/${ticket}/state`, { body: { state: 'resolved' } });
    const link = replyLinkIn((await outboxFor(email))[0]?.body ?? '');

    const answered = await customer(apiPathOf(link), { body: { message: '  Uso Firefox en Android.  ' } });
    expect(answered.status, await answered.clone().text()).toBe(201);
    const detail = await json<TicketDetail>(await asStaff(agent, `/tickets/${ticket}`));
    expect(detail).toMatchObject({ state: 'open', resolvedAt: null });
    expect(detail.messages.at(-1)).toMatchObject({ kind: 'customer', body: 'Uso Firefox en Android.', author: null });
    const notice = (await outboxFor(agent.email)).find((m) => m.subject.includes(ticket));
    expect(notice?.subject).toBe(`[${ticket}] Customer reply — Lucía`);
    expect(notice?.body).toContain('Uso Firefox en Android.');

    for (const [message, expected] of [['', 'ALL_FIELDS_REQUIRED: message'], ['x'.repeat(5001), 'CONTACT_MESSAGE_TOO_LONG: message']] as const) {
      const refused = await customer(apiPathOf(link), { body: { message } });
      expect(refused.status).toBe(400);
      expect(await messageOf(refused)).toBe(expected);
    }
    expect((await json<TicketDetail>(await asStaff(agent, `/tickets/${ticket}`))).messages).toHaveLength(3);
  });

  it('refuses a forged, changed or expired link, and stores nothing', async () => {
    const { ticket } = await seedTicket();
    const other = await seedTicket();
    const { token } = await signReplyToken(env.JWT_SECRET, ticket, new Date());
    const [, exp, sig] = token.split('.');
    const flipped = `${sig!.slice(0, 10)}${sig![10] === 'A' ? 'B' : 'A'}${sig!.slice(11)}`;
    const forged = [
      `${ticket}.${exp}.${flipped}`,
      `${other.ticket}.${exp}.${sig}`,
      `${ticket}.${Number(exp) + 86_400}.${sig}`,
      (await signReplyToken('another-secret', ticket, new Date())).token,
      'TFJ-AAAAAA',
      `${ticket}.${exp}.${sig}x`,
    ];
    for (const bad of forged) {
      const read = await customer(`/contact/reply/${bad}`);
      expect(read.status, bad).toBe(404);
      expect(await messageOf(read)).toBe('SUPPORT_LINK_INVALID: this link is incomplete or was changed');
      expect((await customer(`/contact/reply/${bad}`, { body: { message: 'Hello' } })).status, bad).toBe(404);
    }
    const old = await signReplyToken(env.JWT_SECRET, ticket, new Date(Date.now() - (REPLY_LINK_DAYS + 1) * 86_400_000));
    const expired = await customer(`/contact/reply/${old.token}`);
    expect(expired.status).toBe(410);
    expect(await messageOf(expired)).toBe(`SUPPORT_LINK_EXPIRED: ${ticket}`);
    expect((await customer(`/contact/reply/${old.token}`, { body: { message: 'Hello' } })).status).toBe(410);
    // The link works until its last second (the request's clock).
    const until = new Date(old.expiresAt.getTime() - 1000).toISOString();
    expect((await customer(`/contact/reply/${old.token}`, { headers: { 'x-test-now': until } })).status).toBe(200);
    expect((await json<TicketDetail>(await asStaff(agent, `/tickets/${ticket}`))).messages).toHaveLength(1);
  });

  it('loses no message under 20 parallel replies (and customers’ answers between them)', async () => {
    const { ticket, email } = await seedTicket();
    await asStaff(agent, `/tickets/${ticket}/reply`, { body: { body: 'First answer' } });
    const link = apiPathOf(replyLinkIn((await outboxFor(email))[0]?.body ?? ''));
    const second = await staffMember('support');
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => asStaff(i % 2 ? agent : second, `/tickets/${ticket}/reply`, { body: { body: `Reply ${i}` } })),
      ...Array.from({ length: 5 }, (_, i) => customer(link, { body: { message: `Customer ${i}` } })),
      ...Array.from({ length: 5 }, (_, i) => asStaff(agent, `/tickets/${ticket}/note`, { body: { body: `Note ${i}` } })),
    ]);
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 30 }, () => 201));
    const detail = await json<TicketDetail>(await asStaff(agent, `/tickets/${ticket}`));
    const bodies = detail.messages.map((m) => m.body);
    expect(bodies).toHaveLength(1 + 1 + 20 + 5 + 5);
    for (let i = 0; i < 20; i++) expect(bodies).toContain(`Reply ${i}`);
    for (let i = 0; i < 5; i++) expect(bodies).toContain(`Customer ${i}`);
    expect(await outboxFor(email)).toHaveLength(21);
    expect((await auditOf(ticket)).filter((e) => e.action === 'support.reply')).toHaveLength(21);
  });
});

describe('state, assignee and bulk actions', () => {
  it('assigns (a new ticket opens), unassigns, refuses a non-staff assignee, and audits only what changed', async () => {
    const { ticket } = await seedTicket();
    const customerAccount = await staffMember();
    const refused = await asStaff(agent, `/tickets/${ticket}/assign`, { body: { staffId: customerAccount.id } });
    expect(refused.status).toBe(400);
    expect(await messageOf(refused)).toBe(`SUPPORT_ASSIGNEE_NOT_STAFF: ${customerAccount.id}`);
    const assigned = await json<Changed>(await asStaff(agent, `/tickets/${ticket}/assign`, { body: { staffId: agent.id } }));
    expect(assigned).toMatchObject({ changed: true, ticket: { state: 'open', assignee: { id: agent.id } } });
    expect((await json<Changed>(await asStaff(agent, `/tickets/${ticket}/assign`, { body: { staffId: agent.id } }))).changed).toBe(false);
    expect((await json<Changed>(await asStaff(agent, `/tickets/${ticket}/assign`, { body: { staffId: null } }))).ticket).toMatchObject({ assignee: null, state: 'open' });
    const resolved = await json<Changed>(await asStaff(agent, `/tickets/${ticket}/state`, { body: { state: 'resolved' } }));
    expect(resolved.ticket).toMatchObject({ state: 'resolved', resolvedAt: expect.any(String) });
    const staff = await json<{ staff: { id: string }[] }>(await asStaff(agent, '/assignees'));
    expect(staff.staff.map((s) => s.id)).toContain(agent.id);
    expect(staff.staff.map((s) => s.id)).not.toContain(customerAccount.id);
    expect((await auditOf(ticket)).map((e) => [e.action, e.before_json, e.after_json])).toEqual([
      ['support.assign', '{"state":"new","assigneeId":null}', `{"state":"open","assigneeId":"${agent.id}"}`],
      ['support.assign', `{"state":"open","assigneeId":"${agent.id}"}`, '{"state":"open","assigneeId":null}'],
      ['support.state', '{"state":"open","assigneeId":null}', '{"state":"resolved","assigneeId":null}'],
    ]);
    expect((await asStaff(agent, '/tickets/TFJ-ZZZZZZ/state', { body: { state: 'open' } })).status).toBe(404);
    expect((await asStaff(agent, `/tickets/${ticket}/state`, { body: { state: 'closed' } })).status).toBe(400);
  });

  it('closes many tickets at once, says which were skipped, and audits each', async () => {
    const tickets = await Promise.all(Array.from({ length: 3 }, () => seedTicket()));
    const done = await seedTicket();
    await asStaff(agent, `/tickets/${done.ticket}/state`, { body: { state: 'resolved' } });
    const ids = [...tickets.map((t) => t.ticket.toLowerCase()), done.ticket, 'TFJ-ZZZZZZ'];
    const bulk = await json<BulkAnswer>(await asStaff(agent, '/tickets/bulk', { body: { action: 'close', ids } }));
    expect(bulk.changed).toEqual(tickets.map((t) => t.ticket));
    expect(bulk.skipped).toEqual([
      { ticket: done.ticket, reason: 'unchanged' },
      { ticket: 'TFJ-ZZZZZZ', reason: 'not_found' },
    ]);
    for (const { ticket } of tickets) {
      expect((await json<TicketDetail>(await asStaff(agent, `/tickets/${ticket}`))).state).toBe('resolved');
      expect((await auditOf(ticket)).map((e) => e.action)).toEqual(['support.state']);
    }
    const assign = await json<BulkAnswer>(await asStaff(agent, '/tickets/bulk', { body: { action: 'assign', ids: tickets.map((t) => t.ticket), staffId: agent.id } }));
    expect(assign.changed).toHaveLength(3);
    const bad = await asStaff(agent, '/tickets/bulk', { body: { action: 'delete', ids: [done.ticket] } });
    expect(bad.status).toBe(400);
    expect((await asStaff(agent, '/tickets/bulk', { body: { action: 'close', ids: [] } })).status).toBe(400);
  });
});

describe('saved answers', () => {
  it('are created, listed per language, used to fill a reply of that language, edited and deleted; each audited', async () => {
    const title = `Cache ${crypto.randomUUID()}`;
    const created = await json<SavedAnswer>(await asStaff(agent, '/answers', { body: { lang: 'fr', title, body: 'Bonjour {name}, votre ticket {ticket} : videz le cache.' } }), 201);
    const taken = await asStaff(agent, '/answers', { body: { lang: 'fr', title, body: 'Autre' } });
    expect(taken.status).toBe(409);
    expect(await messageOf(taken)).toMatch(/^SUPPORT_ANSWER_TITLE_TAKEN/);
    // The same title in another language is another answer.
    const english = await json<SavedAnswer>(await asStaff(agent, '/answers', { body: { lang: 'en', title, body: 'Hello {name}' } }), 201);
    const french = await json<{ answers: SavedAnswer[] }>(await asStaff(agent, '/answers?lang=fr'));
    expect(french.answers.map((a) => a.id)).toContain(created.id);
    expect(french.answers.map((a) => a.id)).not.toContain(english.id);

    const { ticket, email } = await seedTicket({ lang: 'fr', name: 'Nadia' });
    const posted = await json<Posted>(await asStaff(agent, `/tickets/${ticket}/reply`, { body: { savedAnswerId: created.id } }), 201);
    expect(posted.message).toMatchObject({ body: `Bonjour Nadia, votre ticket ${ticket} : videz le cache.`, savedAnswerId: created.id });
    expect((await outboxFor(email))[0]?.body).toContain(`Bonjour Nadia, votre ticket ${ticket}`);
    const wrongLanguage = await asStaff(agent, `/tickets/${ticket}/reply`, { body: { savedAnswerId: english.id } });
    expect(wrongLanguage.status).toBe(409);
    expect(await messageOf(wrongLanguage)).toBe('SUPPORT_ANSWER_OTHER_LANGUAGE: en, the customer writes in fr');
    expect((await asStaff(agent, `/tickets/${ticket}/reply`, { body: {} })).status).toBe(400);

    const edited = await json<SavedAnswer>(await asStaff(agent, `/answers/${created.id}`, { method: 'PUT', body: { body: 'Bonjour {name}.' } }));
    expect(edited).toMatchObject({ id: created.id, title, body: 'Bonjour {name}.' });
    expect((await asStaff(agent, `/answers/${english.id}`, { method: 'PUT', body: { lang: 'fr' } })).status).toBe(409);
    expect((await json<SavedAnswer>(await asStaff(agent, `/answers/${created.id}`, { method: 'DELETE' }))).id).toBe(created.id);
    expect((await asStaff(agent, `/answers/${created.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await asStaff(agent, `/tickets/${ticket}/reply`, { body: { savedAnswerId: created.id } })).status).toBe(404);
    expect((await auditOf(String(created.id))).map((e) => [e.action, e.entity])).toEqual([
      ['support.answer_create', 'saved_answer'],
      ['support.answer_edit', 'saved_answer'],
      ['support.answer_delete', 'saved_answer'],
    ]);
  });

  it('gives parallel creations their own ids and audit entries', async () => {
    const created = await Promise.all(Array.from({ length: 10 }, (_, i) => asStaff(agent, '/answers', { body: { lang: 'es', title: `Paralelo ${i} ${crypto.randomUUID()}`, body: 'Hola' } })));
    const answers = await Promise.all(created.map((res) => json<SavedAnswer>(res, 201)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(10);
    for (const a of answers) expect((await auditOf(String(a.id))).map((e) => e.action)).toEqual(['support.answer_create']);
  });
});
