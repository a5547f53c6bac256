import { zValidator } from '@hono/zod-validator';
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { consumeAll } from '../../limits';
import { caller, requireAuth } from '../kernel/auth';
import { clientOf, tooMany } from '../kernel/request';
import { apiError } from '../errors';
import { validationHook } from '../kernel/validation';
import { now } from '../kernel/clock';
import { Currency } from '../payments/schemas';
import { answer, refuse, type RefusalAnswers } from '../kernel/refusals';
import { billingDeps } from '../payments/deps';
import { PAYMENT_REFUSALS } from '../payments/refusals';
import { agentLookup, collectionsOf, findAgent, recordPayment, type PaymentRefusal } from './agents';

/**
 * Sales agents (issue 14; spec §2 agent payment, §4 "agent payment keeps the user on the free tier
 * until the premium account is activated"), mounted under /agent, agents only (scripts/agents/grant.ts):
 *   GET  /agent/me                      the agent's name (the console's header)
 *   GET  /agent/users?q=                find a user by email or phone (bounded per agent and per address)
 *   POST /agent/payments                { login, plan, currency }: cash received → a payment waiting for validation
 *   GET  /agent/collections?day=        the agent's own collections of a day, with totals
 * Every call that looks at or acts on a user is written to agent_audit (who, what, when, amount).
 */

const requireAgent: MiddlewareHandler<AppEnv> = async (c, next) => {
  const agent = await findAgent(c.env.DB, caller(c).user.id);
  if (!agent) apiError(403, 'NOT_AN_AGENT', 'agents only');
  await next();
};

/** The agents' refusals as HTTP answers; a plan or a currency refused is named in the message. */
const AGENT_REFUSALS: RefusalAnswers<PaymentRefusal> = {
  USER_NOT_FOUND: [404, 'USER_NOT_FOUND', 'no account with this email or phone'],
  USER_GONE: [404, 'USER_NOT_FOUND', 'gone'],
  AGENT_OWN_ACCOUNT: [409, 'AGENT_OWN_ACCOUNT', 'an agent cannot record a payment for their own account'],
  PLAN_NOT_FOUND: [404, 'PLAN_NOT_FOUND'],
  PAYMENT_PENDING: [409, 'PAYMENT_PENDING', 'a payment already waits for validation'],
  SUBSCRIPTION_CHANGE_REFUSED: [409, 'SUBSCRIPTION_CHANGE_REFUSED', 'another plan is active'],
  PAYMENT_METHOD_UNAVAILABLE: [400, 'PAYMENT_METHOD_UNAVAILABLE'],
};

const LookupQuery = z.object({ q: z.string().trim().min(3, 'ALL_FIELDS_REQUIRED').max(254) });
const PaymentInput = z.object({ login: z.string().trim().min(3, 'ALL_FIELDS_REQUIRED').max(254), plan: z.number().int().positive().max(2 ** 31), currency: Currency.default('MAD') });
const DayQuery = z.object({ day: z.iso.date().optional() });

export const agents = new Hono<AppEnv>()
  .use('*', requireAuth, requireAgent)
  .get('/me', async (c) => {
    const agent = await findAgent(c.env.DB, caller(c).user.id);
    return c.json({ name: agent?.name ?? '' });
  })
  /** Every look-up counts, per agent and per address (429 TOO_MANY_ATTEMPTS), before anything is read. */
  .get('/users', zValidator('query', LookupQuery, validationHook), async (c) => {
    const agentId = caller(c).user.id;
    const counted = await consumeAll(c.env, [
      ['agent-lookup', `user:${agentId}`],
      ['agent-lookup-ip', clientOf(c).ip || 'unknown-ip'],
    ]);
    if (!counted.allowed) return tooMany(c, 'TOO_MANY_ATTEMPTS', counted.retryAfter, `wait ${counted.retryAfter} seconds`);
    const found = await agentLookup(c.env.DB, agentId, c.req.valid('query').q, now(c));
    if (!found.ok) refuse(AGENT_REFUSALS, found.refusal);
    return c.json(found.user);
  })
  .post('/payments', zValidator('json', PaymentInput, validationHook), async (c) => {
    const input = c.req.valid('json');
    const recorded = await recordPayment(billingDeps(c.env), caller(c).user.id, input, now(c));
    if (recorded.ok) return c.json(answer(PAYMENT_REFUSALS, recorded.value));
    const { refusal } = recorded;
    refuse(AGENT_REFUSALS, refusal, refusal === 'PLAN_NOT_FOUND' ? String(input.plan) : refusal === 'PAYMENT_METHOD_UNAVAILABLE' ? `no cash network for ${input.currency}` : undefined);
  })
  .get('/collections', zValidator('query', DayQuery, validationHook), async (c) => {
    const at = now(c);
    return c.json(await collectionsOf(c.env.DB, caller(c).user.id, c.req.valid('query').day ?? at.toISOString().slice(0, 10)));
  });
