import { z } from 'zod';
import { CONTACT_SUBJECTS, LIBRARIAN_TOPICS } from '../../../rules/contact';
import { LANGS } from '../../../rules/lang';
import { fillAnswer, PARTNER_SUBJECTS, SUPPORT_STATES, type SupportState } from '../../../rules/support';
import { auditStatement, type Actor, type Origin } from '../../kernel/audit';
import { done, refused, type Result } from '../../kernel/refusals';
import { findSavedAnswer } from './answers';
import type { BulkAnswer, CustomerThread, Queue, QueueQuery, ReplyInput, StaffMessage, TicketDetail, TicketSummary } from './schemas';

/**
 * The support inbox's tickets (issue 32, migration 0024_support.sql): each contact message is a
 * ticket (`contact_messages`) with a state, an assignee and a thread (`support_messages`). Staff
 * read the queue, reply (emailed by the route), write internal notes, change the state and the
 * assignee, one ticket or many; the customer reads the thread without the notes and replies.
 *
 * Every staff action writes its change and its audit entry in one D1 batch. Each message is its own
 * INSERT, so parallel replies and notes all land; a state or assignee change is one UPDATE of the
 * row (the last one wins, and each is audited with the values it saw).
 */

/** What a staff member sees: every ticket (support.read), or the partnerships team's subjects only (partners.read). */
export type Scope = 'all' | 'partners';

export type SupportRefusal = 'TICKET_NOT_FOUND' | 'ANSWER_NOT_FOUND' | 'ANSWER_OTHER_LANGUAGE' | 'ANSWER_TITLE_TAKEN' | 'ASSIGNEE_NOT_STAFF';

/** A staff action: the database, the request's time, who acts and from where, and what they may see. */
export type Act = { db: D1Database; at: Date; actor: Actor; origin: Origin; scope: Scope };

const TicketRow = z.object({
  id: z.number().int(),
  ticket: z.string(),
  subject: z.enum(CONTACT_SUBJECTS),
  sub_subject: z.enum(LIBRARIAN_TOPICS).nullable().catch(null),
  library: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  lang: z.enum(LANGS),
  state: z.enum(SUPPORT_STATES),
  assignee_id: z.string().nullable(),
  assignee_email: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  user_id: z.string().nullable(),
  profile_id: z.number().int().nullable(),
  device_id: z.string().nullable(),
  last_transaction_id: z.string().nullable(),
});
export type TicketRow = z.infer<typeof TicketRow>;

const MessageRow = z.object({
  id: z.number().int(),
  kind: z.enum(['customer', 'reply', 'note']),
  body: z.string(),
  author_id: z.string().nullable(),
  author_email: z.string().nullable(),
  saved_answer_id: z.number().int().nullable(),
  emailed_at: z.string().nullable(),
  created_at: z.string(),
});
type MessageRow = z.infer<typeof MessageRow>;

const TICKET_COLUMNS = `t.id, t.ticket, t.subject, t.sub_subject, t.library, t.name, t.email, t.phone, t.lang, t.state, t.assignee_id,
  a.email AS assignee_email, t.created_at, t.updated_at, t.resolved_at, t.user_id, t.profile_id, t.device_id, t.last_transaction_id`;
const TICKETS = `FROM contact_messages t LEFT JOIN users a ON a.id = t.assignee_id`;
const MESSAGES = `SELECT m.id, m.kind, m.body, m.author_id, u.email AS author_email, m.saved_answer_id, m.emailed_at, m.created_at
  FROM support_messages m LEFT JOIN users u ON u.id = m.author_id`;

/** The SQL condition of a scope (no binds: the subjects are constants). */
const scopeCondition = (scope: Scope): string | null => (scope === 'all' ? null : `t.subject IN (${PARTNER_SUBJECTS.map((s) => `'${s}'`).join(', ')})`);

const parseRows = <T extends z.ZodType>(schema: T, rows: unknown[]): z.infer<T>[] => rows.map((row) => schema.parse(row));

export function toSummary(row: TicketRow, now: Date): TicketSummary {
  return {
    ticket: row.ticket,
    subject: row.subject,
    topic: row.subject === 'librarian' ? row.sub_subject : null,
    library: row.library,
    name: row.name,
    email: row.email,
    lang: row.lang,
    state: row.state,
    assignee: row.assignee_id ? { id: row.assignee_id, email: row.assignee_email } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at ?? row.created_at,
    resolvedAt: row.resolved_at,
    ageSeconds: Math.max(0, Math.floor((now.getTime() - Date.parse(row.created_at)) / 1000)),
  };
}

export const toMessage = (row: MessageRow): StaffMessage => ({
  id: row.id,
  kind: row.kind,
  body: row.body,
  author: row.author_id ? { id: row.author_id, email: row.author_email } : null,
  savedAnswerId: row.saved_answer_id,
  emailedAt: row.emailed_at,
  createdAt: row.created_at,
});

/** The tickets of these numbers that the scope sees. */
async function ticketRows(db: D1Database, tickets: readonly string[], scope: Scope): Promise<TicketRow[]> {
  if (tickets.length === 0) return [];
  const conditions = [`t.ticket IN (${tickets.map(() => '?').join(', ')})`, scopeCondition(scope)].filter(Boolean);
  const { results } = await db.prepare(`SELECT ${TICKET_COLUMNS} ${TICKETS} WHERE ${conditions.join(' AND ')}`).bind(...tickets).all();
  return parseRows(TicketRow, results);
}

export async function ticketRow(db: D1Database, ticket: string, scope: Scope): Promise<TicketRow | null> {
  return (await ticketRows(db, [ticket.toUpperCase()], scope))[0] ?? null;
}

/**
 * The filters of the queue as SQL conditions and their binds. `q` finds a ticket number (with or
 * without "TFJ-", any case), an exact email, or words in the name or any message of the thread.
 */
function queueFilters(query: QueueQuery, scope: Scope, staffId: string): { where: string[]; binds: unknown[] } {
  const where: string[] = [];
  const binds: unknown[] = [];
  const scoped = scopeCondition(scope);
  if (scoped) where.push(scoped);
  if (query.subject) {
    where.push('t.subject = ?');
    binds.push(query.subject);
  }
  if (query.assignee === 'none') where.push('t.assignee_id IS NULL');
  else if (query.assignee) {
    where.push('t.assignee_id = ?');
    binds.push(query.assignee === 'me' ? staffId : query.assignee);
  }
  const q = query.q?.trim();
  if (q) {
    const number = q.toUpperCase().replace(/^TFJ-?/, '');
    const words = q.toLowerCase();
    // instr, not LIKE: no wildcards to escape, and no pattern length limit (D1 refuses LIKE patterns over 50 bytes).
    where.push(`(t.ticket = ? OR t.email = ? OR instr(lower(t.name), ?) > 0 OR EXISTS (SELECT 1 FROM support_messages s WHERE s.ticket_id = t.id AND instr(lower(s.body), ?) > 0))`);
    binds.push(`TFJ-${number}`, words, words, words);
  }
  return { where, binds };
}

const whereSql = (where: readonly string[]): string => (where.length ? `WHERE ${where.join(' AND ')}` : '');

/** The queue: a page of tickets sorted by age, their total, and the counts per state (all filters but the state). */
export async function queue(db: D1Database, query: QueueQuery, scope: Scope, staffId: string, now: Date): Promise<Queue> {
  const { where, binds } = queueFilters(query, scope, staffId);
  const states = query.state.length ? [`t.state IN (${query.state.map(() => '?').join(', ')})`] : [];
  const listed = whereSql([...where, ...states]);
  const order = query.sort === 'oldest' ? 'ASC' : 'DESC';
  const [page, total, counts] = await db.batch([
    db
      .prepare(`SELECT ${TICKET_COLUMNS} ${TICKETS} ${listed} ORDER BY t.created_at ${order}, t.id ${order} LIMIT ? OFFSET ?`)
      .bind(...binds, ...query.state, query.perPage, (query.page - 1) * query.perPage),
    db.prepare(`SELECT COUNT(*) AS n FROM contact_messages t ${listed}`).bind(...binds, ...query.state),
    db.prepare(`SELECT t.state, COUNT(*) AS n FROM contact_messages t ${whereSql(where)} GROUP BY t.state`).bind(...binds),
  ]);
  const perState = Object.fromEntries(SUPPORT_STATES.map((s) => [s, 0])) as Record<SupportState, number>;
  for (const row of parseRows(z.object({ state: z.enum(SUPPORT_STATES), n: z.number().int() }), counts?.results ?? [])) perState[row.state] = row.n;
  return {
    tickets: parseRows(TicketRow, page?.results ?? []).map((row) => toSummary(row, now)),
    total: z.object({ n: z.number().int() }).parse(total?.results[0]).n,
    page: query.page,
    perPage: query.perPage,
    counts: perState,
  };
}

async function messagesOf(db: D1Database, ticketId: number, customerView: boolean): Promise<MessageRow[]> {
  const { results } = await db.prepare(`${MESSAGES} WHERE m.ticket_id = ? ${customerView ? "AND m.kind <> 'note'" : ''} ORDER BY m.id`).bind(ticketId).all();
  return parseRows(MessageRow, results);
}

/** One ticket with its whole thread (notes included), or null when it is not there or not in the scope. */
export async function ticketDetail(db: D1Database, ticket: string, scope: Scope, now: Date): Promise<TicketDetail | null> {
  const row = await ticketRow(db, ticket, scope);
  if (!row) return null;
  const messages = await messagesOf(db, row.id, false);
  return {
    ...toSummary(row, now),
    phone: row.phone,
    account: row.user_id ? { userId: row.user_id, profileId: row.profile_id, deviceId: row.device_id, lastTransactionId: row.last_transaction_id } : null,
    messages: messages.map(toMessage),
  };
}

export type PostedMessage = { ticket: TicketRow; message: StaffMessage };

/**
 * A reply or a note on a ticket: the message, the ticket's new state (a reply waits for the
 * customer; a note leaves it), and the audit entry, in one batch. A reply may be filled from a saved
 * answer of the ticket's language; `{name}` and `{ticket}` are filled in either way.
 */
async function post(act: Act, ticket: string, kind: 'reply' | 'note', input: ReplyInput): Promise<Result<PostedMessage, SupportRefusal>> {
  const { db, at } = act;
  const row = await ticketRow(db, ticket, act.scope);
  if (!row) return refused('TICKET_NOT_FOUND', ticket);
  let text = input.body;
  if (input.savedAnswerId !== undefined) {
    const saved = await findSavedAnswer(db, input.savedAnswerId);
    if (!saved) return refused('ANSWER_NOT_FOUND', String(input.savedAnswerId));
    if (saved.lang !== row.lang) return refused('ANSWER_OTHER_LANGUAGE', `${saved.lang}, the customer writes in ${row.lang}`);
    text ??= saved.body;
  }
  const body = fillAnswer(text ?? '', { name: row.name, ticket: row.ticket });
  const state: SupportState = kind === 'reply' ? 'waiting' : row.state;
  const [inserted] = await db.batch([
    db
      .prepare('INSERT INTO support_messages (ticket_id, kind, author_id, body, saved_answer_id, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id')
      .bind(row.id, kind, act.actor.id, body, input.savedAnswerId ?? null, at.toISOString()),
    // A note leaves the ticket as it is (whatever another request made of it meanwhile).
    ...(kind === 'reply' ? [db.prepare("UPDATE contact_messages SET state = 'waiting', resolved_at = NULL WHERE id = ?1").bind(row.id)] : []),
    auditStatement(db, {
      actor: act.actor,
      action: `support.${kind}`,
      entity: 'ticket',
      entityId: row.ticket,
      before: { state: row.state },
      after: { state, savedAnswerId: input.savedAnswerId ?? null, length: body.length },
      origin: act.origin,
      at,
    }),
  ]);
  const id = z.object({ id: z.number().int() }).parse(inserted?.results[0]).id;
  const [fresh, message] = await Promise.all([ticketRow(db, row.ticket, act.scope), messageById(db, id)]);
  if (!fresh || !message) return refused('TICKET_NOT_FOUND', ticket);
  return done({ ticket: fresh, message: toMessage(message) });
}

export const replyTo = (act: Act, ticket: string, input: ReplyInput) => post(act, ticket, 'reply', input);
export const addNote = (act: Act, ticket: string, body: string) => post(act, ticket, 'note', { body });

async function messageById(db: D1Database, id: number): Promise<MessageRow | null> {
  const row = await db.prepare(`${MESSAGES} WHERE m.id = ?`).bind(id).first();
  return row ? MessageRow.parse(row) : null;
}

/** A reply's email reached the provider. */
export async function markEmailed(db: D1Database, messageId: number, at: Date): Promise<string> {
  const emailedAt = at.toISOString();
  await db.prepare('UPDATE support_messages SET emailed_at = ?2 WHERE id = ?1').bind(messageId, emailedAt).run();
  return emailedAt;
}

/** A change of one or many tickets: the state (closing is `resolved`), or the assignee (null: nobody). */
export type Change = { kind: 'state'; state: SupportState } | { kind: 'assign'; staffId: string | null };

const ASSIGNABLE = `SELECT u.id, u.email FROM users u WHERE u.is_active = 1 AND EXISTS (
  SELECT 1 FROM staff_grants g JOIN staff_role_permissions p ON p.role = g.role
  WHERE g.user_id = u.id AND p.permission IN ('support.read', 'support.reply', 'partners.read'))`;
const AssigneeRow = z.object({ id: z.string(), email: z.string().nullable() });

/** The staff tickets may be assigned to: active accounts holding a role that reads the inbox. */
export async function assignees(db: D1Database): Promise<z.infer<typeof AssigneeRow>[]> {
  const { results } = await db.prepare(`${ASSIGNABLE} ORDER BY u.email`).all();
  return parseRows(AssigneeRow, results);
}

/** What a change makes of a ticket, or null when it already is so. Assigning a new ticket opens it. */
function changed(row: TicketRow, change: Change, at: Date): { state: SupportState; assigneeId: string | null; resolvedAt: string | null } | null {
  if (change.kind === 'state') {
    if (row.state === change.state) return null;
    return { state: change.state, assigneeId: row.assignee_id, resolvedAt: change.state === 'resolved' ? at.toISOString() : null };
  }
  if (row.assignee_id === change.staffId) return null;
  return { state: row.state === 'new' && change.staffId ? 'open' : row.state, assigneeId: change.staffId, resolvedAt: row.resolved_at };
}

/**
 * Changes tickets (one, or a bulk action's): every ticket that changes is updated and audited
 * (`support.state` or `support.assign`, one entry per ticket) in one batch, all or nothing. Tickets
 * not found (or outside the scope) and tickets already so are answered as skipped.
 */
export async function changeTickets(act: Act, tickets: readonly string[], change: Change): Promise<Result<BulkAnswer & { rows: TicketRow[] }, SupportRefusal>> {
  const { db, at } = act;
  if (change.kind === 'assign' && change.staffId !== null) {
    const staff = await db.prepare(`${ASSIGNABLE} AND u.id = ?`).bind(change.staffId).first();
    if (!staff) return refused('ASSIGNEE_NOT_STAFF', change.staffId);
  }
  const wanted = [...new Set(tickets.map((t) => t.trim().toUpperCase()))];
  const rows = await ticketRows(db, wanted, act.scope);
  const byTicket = new Map(rows.map((row) => [row.ticket, row]));
  const answer: BulkAnswer = { changed: [], skipped: [] };
  const statements: D1PreparedStatement[] = [];
  for (const ticket of wanted) {
    const row = byTicket.get(ticket);
    const after = row && changed(row, change, at);
    if (!row || !after) {
      answer.skipped.push({ ticket, reason: row ? 'unchanged' : 'not_found' });
      continue;
    }
    answer.changed.push(ticket);
    statements.push(
      db.prepare('UPDATE contact_messages SET state = ?2, assignee_id = ?3, resolved_at = ?4 WHERE id = ?1').bind(row.id, after.state, after.assigneeId, after.resolvedAt),
      auditStatement(db, {
        actor: act.actor,
        action: `support.${change.kind}`,
        entity: 'ticket',
        entityId: ticket,
        before: { state: row.state, assigneeId: row.assignee_id },
        after: { state: after.state, assigneeId: after.assigneeId },
        origin: act.origin,
        at,
      }),
    );
  }
  if (statements.length) await db.batch(statements);
  return done({ ...answer, rows: answer.changed.length ? await ticketRows(db, answer.changed, act.scope) : rows });
}

/** One ticket's change, answered with the ticket as it is now. */
export async function changeTicket(act: Act, ticket: string, change: Change): Promise<Result<{ ticket: TicketRow; changed: boolean }, SupportRefusal>> {
  const result = await changeTickets(act, [ticket], change);
  if (!result.ok) return result;
  const row = result.value.rows[0];
  if (!row) return refused('TICKET_NOT_FOUND', ticket);
  return done({ ticket: row, changed: result.value.changed.length > 0 });
}

/** The thread as the customer reads it: their messages and the replies, never the internal notes. */
export async function customerThread(db: D1Database, ticket: string, expiresAt: Date): Promise<CustomerThread | null> {
  const row = await ticketRow(db, ticket, 'all');
  if (!row) return null;
  const messages = await messagesOf(db, row.id, true);
  return {
    ticket: row.ticket,
    subject: row.subject,
    name: row.name,
    lang: row.lang,
    state: row.state,
    messages: messages.map((m) => ({ id: m.id, from: m.kind === 'customer' ? 'customer' : 'support', body: m.body, at: m.created_at })),
    expiresAt: expiresAt.toISOString(),
  };
}

/** The customer's reply through the link: a message of theirs on the thread, and the ticket open again. */
export async function customerReply(db: D1Database, ticket: string, body: string, at: Date): Promise<Result<{ ticket: TicketRow; messageId: number }, 'TICKET_NOT_FOUND'>> {
  const row = await ticketRow(db, ticket, 'all');
  if (!row) return refused('TICKET_NOT_FOUND', ticket);
  const [inserted] = await db.batch([
    db.prepare("INSERT INTO support_messages (ticket_id, kind, body, created_at) VALUES (?1, 'customer', ?2, ?3) RETURNING id").bind(row.id, body, at.toISOString()),
    db.prepare("UPDATE contact_messages SET state = 'open', resolved_at = NULL WHERE id = ?1").bind(row.id),
  ]);
  return done({ ticket: row, messageId: z.object({ id: z.number().int() }).parse(inserted?.results[0]).id });
}
