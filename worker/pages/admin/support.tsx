import { Hono } from 'hono';
import { z } from 'zod';
import { SupportAnswersPage } from '../../../client/pages/admin/SupportAnswersPage';
import { SupportQueuePage, supportQuery, type SupportFilter } from '../../../client/pages/admin/SupportQueuePage';
import { SupportTicketPage } from '../../../client/pages/admin/SupportTicketPage';
import { Assignees, BulkAnswer, Queue, SavedAnswers, TicketDetail } from '../../api/contact/support/schemas';
import type { AppEnv } from '../../env';
import { CONTACT_SUBJECTS } from '../../rules/contact';
import { isLang, type Lang } from '../../rules/lang';
import { fillAnswer, SUPPORT_STATES } from '../../rules/support';
import { callApi } from '../../session/auth';
import { addFlash } from '../../session/cookies';
import { done } from '../kit/account';
import type { Form } from '../kit/page';
import { serverApi } from '../loaders';
import { areaFailure, consoleForbidden, orNotFound } from './failure';
import { defineConsolePage, type ConsoleArgs, type Shown } from './kit';

/**
 * The support inbox's console pages (issue 32), on the API at /admin/support: the queue with its
 * bulk actions, one ticket's thread with the reply, note, state and assignee forms, and the saved
 * answers per language. Reading needs support.read (the API also lets the partnerships team read
 * their subjects); every action is support.reply, checked again by the API, which audits it.
 */

const PREFIX = 'ADMIN_';
const failure = (error: unknown, values?: Record<string, string>): Shown => areaFailure(error, PREFIX, values);
const enc = encodeURIComponent;

/** The queue's filters from the query string; a value the API would refuse is dropped rather than refused. */
const FILTERS = {
  state: z.enum(SUPPORT_STATES),
  subject: z.enum(CONTACT_SUBJECTS),
  assignee: z.string().trim().min(1).max(64),
  q: z.string().trim().max(200),
} satisfies Record<string, z.ZodType<string>>;
function filterOf(c: ConsoleArgs['c']): SupportFilter & { page: number } {
  const kept = (name: keyof typeof FILTERS): string => {
    const parsed = FILTERS[name].safeParse(c.req.query(name) ?? '');
    return parsed.success ? parsed.data : '';
  };
  return {
    state: kept('state'),
    subject: kept('subject'),
    assignee: kept('assignee'),
    q: kept('q'),
    sort: c.req.query('sort') === 'newest' ? 'newest' : 'oldest',
    page: z.coerce.number().int().min(1).max(100_000).catch(1).parse(c.req.query('page') ?? 1),
  };
}

const loadAssignees = (c: ConsoleArgs['c']) => serverApi(c).request('/admin/support/assignees', (v) => Assignees.parse(v).staff);
const mayReply = (me: ConsoleArgs['me']) => me.permissions.includes('support.reply');
/** The inbox opens with support.read, or partners.read for the partnerships team (the API then shows them their subjects only). */
const mayRead = (me: ConsoleArgs['me']) => me.permissions.includes('support.read') || me.permissions.includes('partners.read');

const queuePage = defineConsolePage({
  path: '/support',
  load: async (args) => {
    const { c, me } = args;
    if (!mayRead(me)) return consoleForbidden(args);
    const { page, ...filter } = filterOf(c);
    const api = `/admin/support/tickets?${supportQuery(filter, { page })}`;
    const [queue, assignees] = await Promise.all([serverApi(c).request(api, (v) => Queue.parse(v)), loadAssignees(c)]);
    return { queue, filter, assignees };
  },
  view: ({ queue, filter, assignees }, { t, me }, { state, status }) => ({
    element: <SupportQueuePage queue={queue} filter={filter} assignees={assignees} canReply={mayReply(me)} form={state} />,
    title: t('ADMIN_SUPPORT_TITLE'),
    status,
  }),
  /** Bulk: the ticked tickets (`t.TFJ-…` checkboxes) closed or assigned, all in one API call. */
  action: async ({ c }, form): Promise<Response | Shown> => {
    const ids = Object.keys(form)
      .filter((k) => k.startsWith('t.'))
      .map((k) => k.slice(2));
    const { page, ...filter } = filterOf(c);
    const back = `/admin/support?${supportQuery(filter, { page })}`;
    if (ids.length === 0) return { state: { message: { kind: 'danger', key: 'ADMIN_SUPPORT_NONE_SELECTED' } }, status: 400 };
    const staffId = form.staff_id ? form.staff_id : null;
    try {
      const body = form.intent === 'assign' ? { action: 'assign', ids, staffId } : { action: 'close', ids };
      const result = BulkAnswer.parse(await callApi(c, '/admin/support/tickets/bulk', 'POST', body));
      addFlash(c, { kind: 'success', key: 'ADMIN_SUPPORT_BULK_DONE', params: { changed: result.changed.length, skipped: result.skipped.length } });
      return c.redirect(back, 303);
    } catch (error) {
      return failure(error);
    }
  },
});

const AnswerId = z.coerce.number().int().positive();

const answersPage = defineConsolePage({
  path: '/support/answers',
  load: async (args) => {
    const { c, me } = args;
    if (!mayRead(me)) return consoleForbidden(args);
    const asked = c.req.query('lang') ?? '';
    const lang: Lang | '' = isLang(asked) ? asked : '';
    const answers = await serverApi(c).request(`/admin/support/answers${lang ? `?lang=${lang}` : ''}`, (v) => SavedAnswers.parse(v).answers);
    return { answers, lang };
  },
  view: ({ answers, lang }, { t, me }, { state, status }) => ({
    element: <SupportAnswersPage answers={answers} lang={lang} canEdit={mayReply(me)} form={state} />,
    title: t('ADMIN_SUPPORT_SAVED_ANSWERS'),
    status,
  }),
  action: async ({ c }, form): Promise<Response | Shown> => {
    const values = { intent: form.intent ?? '', id: form.id ?? '', lang: form.lang ?? '', title: form.title ?? '', body: form.body ?? '' };
    const asked = c.req.query('lang') ?? '';
    const back = `/admin/support/answers${isLang(asked) ? `?lang=${asked}` : ''}`;
    try {
      if (values.intent === 'delete' || values.intent === 'edit') {
        const id = AnswerId.parse(values.id);
        if (values.intent === 'delete') {
          await callApi(c, `/admin/support/answers/${id}`, 'DELETE');
          return done(c, 'ADMIN_SUPPORT_ANSWER_DELETED', back);
        }
        await callApi(c, `/admin/support/answers/${id}`, 'PUT', { lang: values.lang, title: values.title, body: values.body });
        return done(c, 'ADMIN_SUPPORT_ANSWER_SAVED', back);
      }
      await callApi(c, '/admin/support/answers', 'POST', { lang: values.lang, title: values.title, body: values.body });
      return done(c, 'ADMIN_SUPPORT_ANSWER_SAVED', back);
    } catch (error) {
      if (error instanceof z.ZodError) return { state: { values, message: { kind: 'danger', key: 'ADMIN_SUPPORT_ANSWER_NOT_FOUND' } }, status: 404 };
      return failure(error, values);
    }
  },
});

/** One ticket's change asked by its page's forms: the API call and the flash it ends with. */
async function ticketAction(c: ConsoleArgs['c'], ticket: string, form: Form): Promise<string> {
  const path = `/admin/support/tickets/${enc(ticket)}`;
  switch (form.intent) {
    case 'reply':
      await callApi(c, `${path}/reply`, 'POST', { body: form.body ?? '' });
      return 'ADMIN_SUPPORT_REPLIED';
    case 'note':
      await callApi(c, `${path}/note`, 'POST', { body: form.body ?? '' });
      return 'ADMIN_SUPPORT_NOTE_ADDED';
    case 'state':
      await callApi(c, `${path}/state`, 'POST', { state: form.state ?? '' });
      return 'ADMIN_SUPPORT_STATE_CHANGED';
    default:
      await callApi(c, `${path}/assign`, 'POST', { staffId: form.staff_id ? form.staff_id : null });
      return 'ADMIN_SUPPORT_ASSIGNED';
  }
}

const ticketPage = defineConsolePage({
  path: '/support/:ticket{TFJ-[A-Z0-9]{6}}',
  load: async (page) => {
    const { c, me } = page;
    if (!mayRead(me)) return consoleForbidden(page);
    const api = serverApi(c);
    const detail = await orNotFound(page, 'ADMIN_SUPPORT_TICKET_NOT_FOUND', api.request(`/admin/support/tickets/${enc(c.req.param('ticket') ?? '')}`, (v) => TicketDetail.parse(v)));
    if (detail instanceof Response) return detail;
    const [assignees, answers] = mayReply(me)
      ? await Promise.all([loadAssignees(c), api.request(`/admin/support/answers?lang=${detail.lang}`, (v) => SavedAnswers.parse(v).answers)])
      : [[], []];
    // A saved answer picked by the GET form prefills the reply, its {name} and {ticket} filled.
    const picked = answers.find((a) => String(a.id) === c.req.query('answer'));
    const prefill = { answerId: picked ? String(picked.id) : '', body: picked ? fillAnswer(picked.body, { name: detail.name, ticket: detail.ticket }) : '' };
    return { detail, assignees, answers, prefill };
  },
  view: ({ detail, assignees, answers, prefill }, { t, me }, { state, status }) => ({
    element: <SupportTicketPage detail={detail} assignees={assignees} answers={answers} prefill={prefill} canReply={mayReply(me)} form={state} />,
    title: `${t('ADMIN_SUPPORT_TICKET')} ${detail.ticket}`,
    status,
  }),
  action: async ({ c }, form): Promise<Response | Shown> => {
    const ticket = c.req.param('ticket') ?? '';
    try {
      return done(c, await ticketAction(c, ticket, form), `/admin/support/${ticket}`);
    } catch (error) {
      return failure(error, { intent: form.intent ?? '', body: form.body ?? '' });
    }
  },
});

export const supportPages = new Hono<AppEnv>().route('/', queuePage).route('/', answersPage).route('/', ticketPage);
