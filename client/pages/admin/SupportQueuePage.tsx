import type { Assignee, Queue, TicketSummary } from '../../../worker/api/contact/support/schemas';
import { CONTACT_SUBJECTS } from '../../../worker/rules/contact';
import { LANG_NAMES } from '../../../worker/rules/lang';
import { consoleStateKey, SUPPORT_STATES } from '../../../worker/rules/support';
import { Field } from '../../components/Form';
import { FormNote, type FormState } from '../../components/FormState';
import { useI18n, type Translate } from '../../i18n';
import { SelectField } from './ConsoleFields';
import { ConsoleTable } from './ConsoleTable';

export type SupportFilter = { state: string; subject: string; assignee: string; q: string; sort: 'oldest' | 'newest' };

/** A filter as the queue's query string (empty values left out), with one value changed. */
export const supportQuery = (filter: SupportFilter, change: Partial<SupportFilter> & { page?: number } = {}): string => {
  const all: Record<string, string> = { ...filter, ...Object.fromEntries(Object.entries(change).map(([k, v]) => [k, String(v)])) };
  if (all.sort === 'oldest') delete all.sort;
  if (all.page === '1') delete all.page;
  return new URLSearchParams(Object.entries(all).filter(([, v]) => v)).toString();
};

/** How long a ticket has waited, in its largest whole unit. */
export function ageOf(t: Translate, seconds: number): string {
  if (seconds >= 86_400) return t('ADMIN_SUPPORT_AGE_DAYS', { count: Math.floor(seconds / 86_400) });
  if (seconds >= 3_600) return t('ADMIN_SUPPORT_AGE_HOURS', { count: Math.floor(seconds / 3_600) });
  return t('ADMIN_SUPPORT_AGE_MINUTES', { count: Math.max(0, Math.floor(seconds / 60)) });
}

/** The name shown for a staff member (their email, else their id). */
export const staffName = (who: Assignee | null): string => (who ? (who.email ?? who.id) : '');

/** A ticket's state as a badge. */
export function StateBadge({ state }: { state: TicketSummary['state'] }) {
  const { t } = useI18n();
  return <span className={`console__support-state console__support-state--${state}`}>{t(consoleStateKey(state))}</span>;
}

/** The assignee choices of a select: unassigned, then every staff member who reads the inbox. */
export function AssigneeOptions({ staff }: { staff: Assignee[] }) {
  const { t } = useI18n();
  return (
    <>
      <option value="">{t('ADMIN_SUPPORT_ASSIGNEE_NONE')}</option>
      {staff.map((s) => (
        <option key={s.id} value={s.id}>
          {staffName(s)}
        </option>
      ))}
    </>
  );
}

/**
 * The support inbox (issue 32): the contact messages as tickets by state (with their counts), filtered
 * by subject, assignee and words, oldest first so who waits longest is answered first; tickets closed
 * or assigned many at once (checkboxes and one form); pages of 25.
 */
export function SupportQueuePage({ queue, filter, assignees, canReply, form }: { queue: Queue; filter: SupportFilter; assignees: Assignee[]; canReply: boolean; form?: FormState }) {
  const { t } = useI18n();
  const pages = Math.max(1, Math.ceil(queue.total / queue.perPage));
  const filtered = filter.state !== '' || filter.subject !== '' || filter.assignee !== '' || filter.q !== '';
  const all = SUPPORT_STATES.reduce((sum, s) => sum + (queue.counts[s] ?? 0), 0);
  const rows = queue.tickets.map((ticket) => (
    <tr key={ticket.ticket}>
      {canReply && (
        <td>
          <input type="checkbox" name={`t.${ticket.ticket}`} value="1" id={`pick-${ticket.ticket}`} className="console__support-pick" />
          <label className="visually-hidden" htmlFor={`pick-${ticket.ticket}`}>
            {t('ADMIN_SUPPORT_PICK', { ticket: ticket.ticket })}
          </label>
        </td>
      )}
      <td>
        <a href={`/admin/support/${ticket.ticket}`} dir="ltr">
          {ticket.ticket}
        </a>
      </td>
      <td>
        {t(`CONTACT_SUBJECT_${ticket.subject.toUpperCase()}`)}
        {ticket.library && (
          <>
            <br />
            <small>{ticket.library}</small>
          </>
        )}
      </td>
      <td>
        {ticket.name}
        <br />
        <small dir="ltr">{ticket.email}</small>
      </td>
      <td lang={ticket.lang}>{LANG_NAMES[ticket.lang]}</td>
      <td>
        <StateBadge state={ticket.state} />
      </td>
      <td dir={ticket.assignee ? 'ltr' : undefined}>{ticket.assignee ? staffName(ticket.assignee) : <small>{t('ADMIN_SUPPORT_ASSIGNEE_NONE')}</small>}</td>
      <td>{ageOf(t, ticket.ageSeconds)}</td>
    </tr>
  ));
  const table = (
    <ConsoleTable
      caption={t('ADMIN_SUPPORT_TITLE')}
      columns={[canReply && { hidden: t('ADMIN_SUPPORT_PICK_COLUMN') }, t('ADMIN_SUPPORT_TICKET'), t('ADMIN_SUPPORT_SUBJECT'), t('ADMIN_SUPPORT_CUSTOMER'), t('ADMIN_SUPPORT_LANGUAGE'), t('ADMIN_SUPPORT_STATE'), t('ADMIN_SUPPORT_ASSIGNEE'), t('ADMIN_SUPPORT_AGE')]}
    >
      {rows}
    </ConsoleTable>
  );
  return (
    <section aria-labelledby="support-title">
      <div className="console__support-head">
        <h1 id="support-title">{t('ADMIN_SUPPORT_TITLE')}</h1>
        <a className="button button--ghost" href="/admin/support/answers">
          {t('ADMIN_SUPPORT_SAVED_ANSWERS')}
        </a>
      </div>
      <FormNote message={form?.message} />
      <nav aria-label={t('ADMIN_SUPPORT_STATE')} className="console__support-tabs">
        <ul>
          <li>
            <a href={`/admin/support?${supportQuery(filter, { state: '', page: 1 })}`} aria-current={filter.state === '' ? 'page' : undefined}>
              {t('ADMIN_SUPPORT_ALL_STATES')} <span dir="ltr">({all})</span>
            </a>
          </li>
          {SUPPORT_STATES.map((state) => (
            <li key={state}>
              <a href={`/admin/support?${supportQuery(filter, { state, page: 1 })}`} aria-current={filter.state === state ? 'page' : undefined}>
                {t(consoleStateKey(state))} <span dir="ltr">({queue.counts[state] ?? 0})</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form method="get" action="/admin/support" className="console__filters" role="search" aria-label={t('ADMIN_FILTER')}>
        {filter.state && <input type="hidden" name="state" value={filter.state} />}
        <Field name="q" label={t('ADMIN_SUPPORT_SEARCH')} type="search" defaultValue={filter.q} placeholder={t('ADMIN_SUPPORT_SEARCH_HINT')} maxLength={200} />
        <SelectField id="filter-subject" name="subject" label={t('ADMIN_SUPPORT_SUBJECT')} value={filter.subject} any={t('ADMIN_SUPPORT_ALL_SUBJECTS')} options={CONTACT_SUBJECTS.map((s) => [s, t(`CONTACT_SUBJECT_${s.toUpperCase()}`)] as const)} />
        <SelectField
          id="filter-assignee"
          name="assignee"
          label={t('ADMIN_SUPPORT_ASSIGNEE')}
          value={filter.assignee}
          any={t('ADMIN_SUPPORT_ASSIGNEE_ANY')}
          options={[['me', t('ADMIN_SUPPORT_ASSIGNEE_ME')], ['none', t('ADMIN_SUPPORT_ASSIGNEE_NONE')], ...assignees.map((s) => [s.id, staffName(s)] as const)]}
        />
        <SelectField id="filter-sort" name="sort" label={t('ADMIN_SUPPORT_SORT')} value={filter.sort} options={[['oldest', t('ADMIN_SUPPORT_SORT_OLDEST')], ['newest', t('ADMIN_SUPPORT_SORT_NEWEST')]]} />
        <button className="button button--secondary" type="submit">
          {t('ADMIN_FILTER')}
        </button>
      </form>
      {queue.tickets.length === 0 ? (
        <p className="console__empty">{t(filtered ? 'ADMIN_SUPPORT_EMPTY_FILTERED' : 'ADMIN_SUPPORT_EMPTY')}</p>
      ) : canReply ? (
        <form method="post" action={`/admin/support?${supportQuery(filter, { page: queue.page })}`} className="console__support-bulk" aria-label={t('ADMIN_SUPPORT_BULK')}>
          {table}
          <fieldset className="console__inline console__support-bulkbar">
            <legend>{t('ADMIN_SUPPORT_BULK')}</legend>
            <button className="button button--secondary" type="submit" name="intent" value="close">
              {t('ADMIN_SUPPORT_CLOSE_SELECTED')}
            </button>
            <label className="visually-hidden" htmlFor="bulk-assignee">
              {t('ADMIN_SUPPORT_ASSIGNEE')}
            </label>
            <select className="field__input" id="bulk-assignee" name="staff_id" defaultValue="">
              <AssigneeOptions staff={assignees} />
            </select>
            <button className="button button--secondary" type="submit" name="intent" value="assign">
              {t('ADMIN_SUPPORT_ASSIGN_SELECTED')}
            </button>
          </fieldset>
        </form>
      ) : (
        table
      )}
      {pages > 1 && (
        <nav className="console__support-pager" aria-label={t('ADMIN_SUPPORT_PAGES')}>
          {queue.page > 1 && (
            <a className="button button--ghost" href={`/admin/support?${supportQuery(filter, { page: queue.page - 1 })}`} rel="prev">
              {t('ADMIN_SUPPORT_PREVIOUS')}
            </a>
          )}
          <span>{t('ADMIN_SUPPORT_PAGE_OF', { page: queue.page, pages })}</span>
          {queue.page < pages && (
            <a className="button button--ghost" href={`/admin/support?${supportQuery(filter, { page: queue.page + 1 })}`} rel="next">
              {t('ADMIN_SUPPORT_NEXT')}
            </a>
          )}
        </nav>
      )}
    </section>
  );
}
