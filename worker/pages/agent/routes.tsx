import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { AgentPage } from '../../../client/pages/agent/AgentPage';
import type { FormState } from '../../../client/components/FormState';
import { AgentUserView, Collection } from '../../api/agents/schemas';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { ApiError } from '../../rules/api-client';
import { callApi } from '../../session/auth';
import { done, loggedIn, sessionEnded, toLogin } from '../kit/account';
import { readForm, renderForm } from '../form';
import { loadConfig, serverApi } from '../loaders';
import { apiFailure, type Status } from '../kit/failures';

/**
 * /agent (issue 14): the sales agents' console. GET finds a user (?q=) and lists the day's collections;
 * POST records the cash received for a plan. Not an agent: 403 with its message.
 */

type Ctx = Context<AppEnv>;

const Me = z.object({ name: z.string() });
const Day = z.object({ day: z.string(), items: z.array(Collection), totals: z.record(z.string(), z.number()) });

async function renderAgent(c: Ctx, form?: FormState, status: Status = 200) {
  const t = translate(c.get('lang'));
  const api = serverApi(c);
  let me: z.infer<typeof Me>;
  try {
    me = await api.request('/agent/me', (v) => Me.parse(v));
  } catch (error) {
    if (sessionEnded(error)) return toLogin(c, '/agent');
    if (error instanceof ApiError && error.status === 403) return renderForm(c, <AgentPage agent="" query="" found={null} plans={[]} currency="MAD" collections={{ day: '', items: [], totals: {} }} form={{ message: { kind: 'danger', key: 'NOT_AN_AGENT' } }} />, { title: t('AGENT_CONSOLE') }, 403);
    throw error;
  }
  const query = (form?.values?.login ?? c.req.query('q') ?? '').trim().slice(0, 254);
  const [config, collections, found] = await Promise.all([
    loadConfig(c),
    api.request('/agent/collections', (v) => Day.parse(v)),
    query.length >= 3 ? api.request(`/agent/users?q=${encodeURIComponent(query)}`, (v) => AgentUserView.parse(v)).then((u) => ({ user: u, key: null }), (error: unknown) => ({ user: null, key: apiFailure(error).key })) : Promise.resolve({ user: null, key: null }),
  ]);
  const message = form?.message ?? (found.key ? { kind: 'danger' as const, key: found.key } : undefined);
  const page = <AgentPage agent={me.name} query={query} found={found.user} plans={config.subscriptions} currency="MAD" collections={collections} form={message ? { message } : undefined} />;
  return renderForm(c, page, { title: t('AGENT_CONSOLE') }, found.key === 'USER_NOT_FOUND' && status === 200 ? 404 : status);
}

async function record(c: Ctx) {
  const form = await readForm(c);
  const login = (form.login ?? '').trim();
  const plan = Number.parseInt(form.plan ?? '', 10);
  try {
    await callApi(c, '/agent/payments', 'POST', { login, plan: Number.isInteger(plan) ? plan : 0, currency: form.currency === 'EUR' || form.currency === 'USD' ? form.currency : 'MAD' });
    return done(c, 'AGENT_PAYMENT_RECORDED', `/agent?q=${encodeURIComponent(login)}`);
  } catch (error) {
    if (sessionEnded(error)) return toLogin(c, '/agent');
    const { key, status } = apiFailure(error);
    return renderAgent(c, { values: { login }, message: { kind: 'danger', key } }, status);
  }
}

export const agentPages = new Hono<AppEnv>()
  .get('/agent', (c) => (loggedIn(c) ? renderAgent(c) : toLogin(c, '/agent')))
  .post('/agent', (c) => (loggedIn(c) ? record(c) : toLogin(c, '/agent')));
