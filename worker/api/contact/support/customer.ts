import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../../env';
import { limiter } from '../../../limits';
import { customerReplyNotice } from '../../../messaging/support';
import { now } from '../../kernel/clock';
import { answer, refuse } from '../../kernel/refusals';
import { clientOf, tooMany } from '../../kernel/request';
import { serverSecret } from '../../kernel/tokens';
import { validationHook } from '../../kernel/validation';
import { sendMail, supportAddress } from '../mail';
import { verifyReplyToken } from './link';
import { SUPPORT_REFUSALS } from './refusals';
import { CustomerReplyInput, type CustomerReplyAnswer, type CustomerThread } from './schemas';
import { customerReply, customerThread } from './tickets';

/**
 * The customer's way back to a ticket (issue 32), mounted at /contact/reply: the signed token of a
 * reply email opens the thread (never the internal notes) and takes the customer's answer, which
 * opens the ticket again and tells support. A forged or changed token is 404 SUPPORT_LINK_INVALID,
 * an old one 410 SUPPORT_LINK_EXPIRED with its ticket. Answers by email (inbound mail) are not read.
 */

/** The ticket the request's token opens now, or its refusal answered. */
async function linkOf(c: Context<AppEnv>) {
  return answer(SUPPORT_REFUSALS, await verifyReplyToken(serverSecret(c.env), c.req.param('token') ?? '', now(c)));
}

export const customerReplies = new Hono<AppEnv>()
  /** GET /contact/reply/{token}: the thread as the customer reads it. */
  .get('/:token', async (c) => {
    const link = await linkOf(c);
    const thread = await customerThread(c.env.DB, link.ticket, link.expiresAt);
    if (!thread) refuse(SUPPORT_REFUSALS, 'LINK_INVALID');
    return c.json(thread satisfies CustomerThread);
  })
  /**
   * POST /contact/reply/{token} {message}: the customer's answer on the ticket. Counted as a contact
   * message from the sending address (spec §8 too many requests: the contact form's 'contact-ip' limit).
   */
  .post('/:token', zValidator('json', CustomerReplyInput, validationHook), async (c) => {
    const link = await linkOf(c);
    const { message } = c.req.valid('json');
    const counted = await limiter(c.env).consume('contact-ip', clientOf(c).ip || 'unknown-ip');
    if (!counted.allowed) return tooMany(c, 'TOO_MANY_REQUESTS', counted.retryAfter, `Too many messages: wait ${counted.retryAfter} seconds`);
    const { ticket, messageId } = answer(SUPPORT_REFUSALS, await customerReply(c.env.DB, link.ticket, message, now(c)));
    // The assignee hears of it first; a ticket nobody holds goes to the support address.
    await sendMail(c, 'customer-reply', ticket.ticket, { to: ticket.assignee_email ?? supportAddress(c.env), ...customerReplyNotice({ ...ticket, body: message }) });
    return c.json({ ticket: ticket.ticket, messageId } satisfies CustomerReplyAnswer, 201);
  });
