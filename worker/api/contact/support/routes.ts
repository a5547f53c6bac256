import { zValidator } from '@hono/zod-validator';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../../env';
import { supportReplyEmail } from '../../../messaging/support';
import { REPLY_LINK_DAYS } from '../../../rules/support';
import { apiError } from '../../errors';
import { now } from '../../kernel/clock';
import { answer, refuse } from '../../kernel/refusals';
import { publicOrigin } from '../../kernel/request';
import { actorOf, can, originOf, requireStaff, staffOf } from '../../kernel/staff';
import { serverSecret } from '../../kernel/tokens';
import { validationHook } from '../../kernel/validation';
import { sendMail } from '../mail';
import { createSavedAnswer, deleteSavedAnswer, editSavedAnswer, savedAnswers } from './answers';
import { signReplyToken } from './link';
import { SUPPORT_REFUSALS } from './refusals';
import {
  AssignInput,
  BulkInput,
  NoteInput,
  QueueQuery,
  ReplyInput,
  SavedAnswerInput,
  SavedAnswerPatch,
  SavedAnswersQuery,
  StateInput,
  type Assignee,
  type BulkAnswer,
  type Changed,
  type Posted,
  type Queue,
  type SavedAnswer,
  type TicketDetail,
} from './schemas';
import { addNote, assignees, changeTicket, changeTickets, markEmailed, queue, replyTo, ticketDetail, toSummary, type Act, type Scope, type TicketRow } from './tickets';

/**
 * The support inbox's console API (issue 32), mounted at /admin/support. Reading needs support.read
 * (every ticket) or partners.read (the partnerships team: librarians' and partnership requests
 * only); acting needs support.reply. Every action is audited in the batch of its change; refusals
 * are answered through SUPPORT_REFUSALS. Tickets are named by their number (TFJ-XXXXXX).
 */

type Ctx = Context<AppEnv>;

/** What the staff member of this request sees (403 STAFF_FORBIDDEN when neither permission is held). */
function scopeOf(c: Ctx): Scope {
  const { permissions } = staffOf(c);
  if (permissions.includes('support.read') || permissions.includes('support.reply')) return 'all';
  if (permissions.includes('partners.read')) return 'partners';
  return apiError(403, 'STAFF_FORBIDDEN', 'support.read');
}

/** Reading the inbox: a console session with support.read or partners.read. */
const canRead: MiddlewareHandler<AppEnv> = (c, next) =>
  requireStaff(c, async () => {
    scopeOf(c);
    await next();
  });

const actOf = (c: Ctx): Act => ({ db: c.env.DB, at: now(c), actor: actorOf(c), origin: originOf(c), scope: scopeOf(c) });

/**
 * Emails a reply to the customer in the ticket's language: the ticket number in the subject, and
 * the signed link to /contact/reply/{token} (in that language) where they read the thread and answer.
 */
async function emailReply(c: Ctx, row: TicketRow, body: string, at: Date): Promise<boolean> {
  const { token } = await signReplyToken(serverSecret(c.env), row.ticket, at);
  const link = `${publicOrigin(c)}/contact/reply/${token}?lang=${row.lang}`;
  const content = supportReplyEmail({ ticket: row.ticket, name: row.name, lang: row.lang, body, link, days: REPLY_LINK_DAYS });
  return sendMail(c, 'support-reply', row.ticket, { to: row.email, ...content });
}

const AnswerParam = z.object({ id: z.coerce.number().int().positive() });

export const support = new Hono<AppEnv>()
  /** GET /tickets?state=new,open&subject=&assignee=me|none|{id}&q=&sort=oldest|newest&page=&perPage=: the queue. */
  .get('/tickets', canRead, zValidator('query', QueueQuery, validationHook), async (c) => {
    const result = await queue(c.env.DB, c.req.valid('query'), scopeOf(c), staffOf(c).userId, now(c));
    return c.json(result satisfies Queue);
  })
  /** POST /tickets/bulk {ids, action: close|assign, staffId}: many tickets at once, all or nothing. */
  .post('/tickets/bulk', can('support.reply'), zValidator('json', BulkInput, validationHook), async (c) => {
    const input = c.req.valid('json');
    const change = input.action === 'close' ? ({ kind: 'state', state: 'resolved' } as const) : ({ kind: 'assign', staffId: input.staffId } as const);
    const { changed, skipped } = answer(SUPPORT_REFUSALS, await changeTickets(actOf(c), input.ids, change));
    return c.json({ changed, skipped } satisfies BulkAnswer);
  })
  /** GET /tickets/{ticket}: the ticket, the sender's account details and the whole thread (internal notes too). */
  .get('/tickets/:ticket', canRead, async (c) => {
    const detail = await ticketDetail(c.env.DB, c.req.param('ticket'), scopeOf(c), now(c));
    if (!detail) refuse(SUPPORT_REFUSALS, 'TICKET_NOT_FOUND', c.req.param('ticket'));
    return c.json(detail satisfies TicketDetail);
  })
  /** POST /tickets/{ticket}/reply {body?, savedAnswerId?}: emailed to the customer; the ticket waits for them. */
  .post('/tickets/:ticket/reply', can('support.reply'), zValidator('json', ReplyInput, validationHook), async (c) => {
    const act = actOf(c);
    const { ticket, message } = answer(SUPPORT_REFUSALS, await replyTo(act, c.req.param('ticket'), c.req.valid('json')));
    const emailed = await emailReply(c, ticket, message.body, act.at);
    const sent = emailed ? { ...message, emailedAt: await markEmailed(act.db, message.id, act.at) } : message;
    return c.json({ ticket: toSummary(ticket, act.at), message: sent, emailed } satisfies Posted, 201);
  })
  /** POST /tickets/{ticket}/note {body}: an internal note, never shown or sent to the customer. */
  .post('/tickets/:ticket/note', can('support.reply'), zValidator('json', NoteInput, validationHook), async (c) => {
    const act = actOf(c);
    const { ticket, message } = answer(SUPPORT_REFUSALS, await addNote(act, c.req.param('ticket'), c.req.valid('json').body));
    return c.json({ ticket: toSummary(ticket, act.at), message } satisfies Posted, 201);
  })
  /** POST /tickets/{ticket}/state {state}. */
  .post('/tickets/:ticket/state', can('support.reply'), zValidator('json', StateInput, validationHook), async (c) => {
    const act = actOf(c);
    const done = answer(SUPPORT_REFUSALS, await changeTicket(act, c.req.param('ticket'), { kind: 'state', state: c.req.valid('json').state }));
    return c.json({ ticket: toSummary(done.ticket, act.at), changed: done.changed } satisfies Changed);
  })
  /** POST /tickets/{ticket}/assign {staffId | null}: a new ticket given to someone is open. */
  .post('/tickets/:ticket/assign', can('support.reply'), zValidator('json', AssignInput, validationHook), async (c) => {
    const act = actOf(c);
    const done = answer(SUPPORT_REFUSALS, await changeTicket(act, c.req.param('ticket'), { kind: 'assign', staffId: c.req.valid('json').staffId }));
    return c.json({ ticket: toSummary(done.ticket, act.at), changed: done.changed } satisfies Changed);
  })
  /** GET /assignees: who tickets may be assigned to. */
  .get('/assignees', canRead, async (c) => c.json({ staff: await assignees(c.env.DB) } satisfies { staff: Assignee[] }))
  /** GET /answers?lang=: the saved answers (of one language). */
  .get('/answers', canRead, zValidator('query', SavedAnswersQuery, validationHook), async (c) => {
    return c.json({ answers: await savedAnswers(c.env.DB, c.req.valid('query').lang) });
  })
  /** POST /answers {lang, title, body}. */
  .post('/answers', can('support.reply'), zValidator('json', SavedAnswerInput, validationHook), async (c) => {
    const saved = answer(SUPPORT_REFUSALS, await createSavedAnswer(actOf(c), c.req.valid('json')));
    return c.json(saved satisfies SavedAnswer, 201);
  })
  /** PUT /answers/{id} {lang?, title?, body?}. */
  .put('/answers/:id', can('support.reply'), zValidator('param', AnswerParam, validationHook), zValidator('json', SavedAnswerPatch, validationHook), async (c) => {
    const saved = answer(SUPPORT_REFUSALS, await editSavedAnswer(actOf(c), c.req.valid('param').id, c.req.valid('json')));
    return c.json(saved satisfies SavedAnswer);
  })
  /** DELETE /answers/{id}: answers the deleted answer. */
  .delete('/answers/:id', can('support.reply'), zValidator('param', AnswerParam, validationHook), async (c) => {
    const deleted = answer(SUPPORT_REFUSALS, await deleteSavedAnswer(actOf(c), c.req.valid('param').id));
    return c.json(deleted satisfies SavedAnswer);
  });
