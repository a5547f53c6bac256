import { AgentPage } from '../../../client/pages/agent/AgentPage';
import type { FormState } from '../../../client/components/FormState';
import { AgentMe, AgentUserView, CollectionDay } from '../../api/agents/schemas';
import { callApi } from '../../session/auth';
import { done } from '../kit/account';
import { definePage, formFailure, type Ctx, type Form, type PageArgs, type Shown } from '../kit/page';
import { loadConfig, serverApi } from '../loaders';

/**
 * /agent (issue 14): the sales agents' console. GET finds a user (?q=) and lists the day's collections;
 * POST records the cash received for a plan. Not an agent: 403 with its message.
 */

/** The console: who the agent is, the user asked for (?q=, or the login just posted), the day's collections. */
async function loadConsole({ c }: PageArgs<'member'>, { state }: Shown<FormState>) {
  const api = serverApi(c);
  const me = await api.request('/agent/me', (v) => AgentMe.parse(v));
  const query = (state?.values?.login ?? c.req.query('q') ?? '').trim().slice(0, 254);
  const [config, collections, found] = await Promise.all([
    loadConfig(c),
    api.request('/agent/collections', (v) => CollectionDay.parse(v)),
    query.length >= 3 ? api.request(`/agent/users?q=${encodeURIComponent(query)}`, (v) => AgentUserView.parse(v)).then((u) => ({ user: u, key: null }), (error: unknown) => ({ user: null, key: formFailure(error).key })) : Promise.resolve({ user: null, key: null }),
  ]);
  return { me, query, config, collections, found };
}

async function record(c: Ctx, form: Form): Promise<Response | Shown<FormState>> {
  const login = (form.login ?? '').trim();
  const plan = Number.parseInt(form.plan ?? '', 10);
  try {
    await callApi(c, '/agent/payments', 'POST', { login, plan: Number.isInteger(plan) ? plan : 0, currency: form.currency === 'EUR' || form.currency === 'USD' ? form.currency : 'MAD' });
    return done(c, 'AGENT_PAYMENT_RECORDED', `/agent?q=${encodeURIComponent(login)}`);
  } catch (error) {
    const { key, status } = formFailure(error);
    return { state: { values: { login }, message: { kind: 'danger', key } }, status };
  }
}

export const pages = definePage({
  path: '/agent',
  who: 'member',
  load: loadConsole,
  view: ({ me, query, config, collections, found }, { t }, { state, status }) => {
    const message = state?.message ?? (found.key ? { kind: 'danger' as const, key: found.key } : undefined);
    const element = <AgentPage agent={me.name} query={query} found={found.user} plans={config.subscriptions} currency="MAD" collections={collections} form={message ? { message } : undefined} />;
    return { element, meta: { title: t('AGENT_CONSOLE') }, status: found.key === 'USER_NOT_FOUND' && (status ?? 200) === 200 ? 404 : status };
  },
  action: ({ c }, form) => record(c, form),
  // Not an agent: the console says so, with nothing in it.
  refused: (error, { t }) =>
    error.status === 403
      ? {
          element: <AgentPage agent="" query="" found={null} plans={[]} currency="MAD" collections={{ day: '', items: [], totals: {} }} form={{ message: { kind: 'danger', key: 'NOT_AN_AGENT' } }} />,
          meta: { title: t('AGENT_CONSOLE') },
          status: 403,
        }
      : undefined,
});
