import type { Assignee, SavedAnswer, StaffMessage, TicketDetail } from '../../../worker/api/contact/support/schemas';
import { LANG_NAMES } from '../../../worker/rules/lang';
import { consoleStateKey, SUPPORT_STATES, SUPPORT_TEXT_MAX } from '../../../worker/rules/support';
import { FormNote, type FormState } from '../../components/FormState';
import { formatDate, useI18n } from '../../i18n';
import { Fact, TextareaField } from './ConsoleFields';
import { ageOf, AssigneeOptions, staffName, StateBadge } from './SupportQueuePage';

/** When, to the minute, in UTC (one clock for staff in several time zones). */
const when = (iso: string) => `${formatDate(iso)} ${iso.slice(11, 16)} UTC`;

/** One message of the thread: the customer's, a reply emailed to them, or a note only staff read. */
function Message({ message, customer }: { message: StaffMessage; customer: string }) {
  const { t } = useI18n();
  const author = staffName(message.author);
  const heading =
    message.kind === 'customer' ? `${t('ADMIN_SUPPORT_FROM_CUSTOMER')} · ${customer}` : t(message.kind === 'reply' ? 'ADMIN_SUPPORT_REPLY_BY' : 'ADMIN_SUPPORT_NOTE_BY', { name: author });
  return (
    <li className={`console__support-msg console__support-msg--${message.kind}`}>
      <article aria-label={heading}>
        <header className="console__support-msg-head">
          <strong>{heading}</strong>
          {message.kind === 'note' && <span className="console__support-internal">{t('ADMIN_SUPPORT_INTERNAL')}</span>}
          <time dateTime={message.createdAt} dir="ltr">
            {when(message.createdAt)}
          </time>
          {message.kind === 'reply' && <small>{message.emailedAt ? t('ADMIN_SUPPORT_EMAILED') : t('ADMIN_SUPPORT_NOT_EMAILED')}</small>}
        </header>
        <p className="console__support-body">{message.body}</p>
      </article>
    </li>
  );
}

/**
 * One ticket (issue 32): who wrote, in which language, its state and assignee; the whole thread,
 * internal notes set apart; and, for staff who may answer, the reply (a saved answer of the
 * customer's language prefills it: a plain GET), a note, the state and the assignee.
 */
export function SupportTicketPage({
  detail,
  assignees,
  answers,
  prefill,
  canReply,
  form,
}: {
  detail: TicketDetail;
  assignees: Assignee[];
  answers: SavedAnswer[];
  prefill: { answerId: string; body: string };
  canReply: boolean;
  form?: FormState;
}) {
  const { t } = useI18n();
  const base = `/admin/support/${detail.ticket}`;
  const values = form?.values ?? {};
  return (
    <section aria-labelledby="ticket-title">
      <p>
        <a href="/admin/support">{t('ADMIN_SUPPORT_BACK')}</a>
      </p>
      <h1 id="ticket-title">
        {t('ADMIN_SUPPORT_TICKET')} <bdi dir="ltr">{detail.ticket}</bdi>
      </h1>
      <FormNote message={form?.message} />
      <dl className="console__support-facts">
        <Fact label={t('ADMIN_SUPPORT_STATE')}>
          <StateBadge state={detail.state} />
        </Fact>
        <Fact label={t('ADMIN_SUPPORT_SUBJECT')}>
          {t(`CONTACT_SUBJECT_${detail.subject.toUpperCase()}`)}
          {detail.topic && ` · ${t(`CONTACT_TOPIC_${detail.topic.toUpperCase()}`)}`}
        </Fact>
        {detail.library && (
          <Fact label={t('ADMIN_SUPPORT_LIBRARY')}>
            {detail.library}
          </Fact>
        )}
        <Fact label={t('ADMIN_SUPPORT_CUSTOMER')}>
          {detail.name} · <bdi dir="ltr">{detail.email}</bdi>
        </Fact>
        {detail.phone && (
          <Fact label={t('ADMIN_SUPPORT_PHONE')} dir="ltr">
            {detail.phone}
          </Fact>
        )}
        <Fact label={t('ADMIN_SUPPORT_LANGUAGE')} lang={detail.lang}>
          {LANG_NAMES[detail.lang]}
        </Fact>
        <Fact label={t('ADMIN_SUPPORT_ACCOUNT')} dir={detail.account ? 'ltr' : undefined}>
          {detail.account ? detail.account.userId : t('ADMIN_SUPPORT_GUEST')}
        </Fact>
        <Fact label={t('ADMIN_SUPPORT_ASSIGNEE')} dir={detail.assignee ? 'ltr' : undefined}>
          {detail.assignee ? staffName(detail.assignee) : t('ADMIN_SUPPORT_ASSIGNEE_NONE')}
        </Fact>
        <Fact label={t('ADMIN_SUPPORT_AGE')}>
          {ageOf(t, detail.ageSeconds)}
        </Fact>
      </dl>

      <h2 id="thread-title">{t('ADMIN_SUPPORT_THREAD')}</h2>
      <ol className="console__support-thread" aria-labelledby="thread-title">
        {detail.messages.map((m) => (
          <Message key={m.id} message={m} customer={detail.name} />
        ))}
      </ol>

      {canReply && (
        <div className="console__support-actions">
          <div className="console__panel console__form">
            <h2 id="reply-title">{t('ADMIN_SUPPORT_REPLY')}</h2>
            <form method="get" action={base} className="console__inline" aria-label={t('ADMIN_SUPPORT_SAVED_ANSWERS')}>
              <label className="field__label" htmlFor="use-answer">
                {t('ADMIN_SUPPORT_SAVED_ANSWERS')}
              </label>
              <select className="field__input" id="use-answer" name="answer" defaultValue={prefill.answerId}>
                <option value="">—</option>
                {answers.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.title}
                  </option>
                ))}
              </select>
              <button className="button button--ghost" type="submit">
                {t('ADMIN_SUPPORT_USE_ANSWER')}
              </button>
            </form>
            {answers.length === 0 && (
              <p className="field__hint">
                {t('ADMIN_SUPPORT_NO_ANSWERS')} <a href={`/admin/support/answers?lang=${detail.lang}`}>{t('ADMIN_SUPPORT_NEW_ANSWER')}</a>
              </p>
            )}
            <form method="post" action={base} className="console__form" aria-labelledby="reply-title">
              <input type="hidden" name="intent" value="reply" />
              <TextareaField
                id="reply-body"
                name="body"
                label={t('ADMIN_SUPPORT_REPLY_TEXT', { lang: LANG_NAMES[detail.lang] })}
                hint={t('ADMIN_SUPPORT_REPLY_HINT')}
                rows={8}
                required
                maxLength={SUPPORT_TEXT_MAX}
                lang={detail.lang}
                defaultValue={values.intent === 'reply' ? values.body : prefill.body}
              />
              <button className="button button--primary" type="submit">
                {t('ADMIN_SUPPORT_SEND_REPLY')}
              </button>
            </form>
          </div>

          <form method="post" action={base} className="console__panel console__form console__support-noteform" aria-labelledby="note-title">
            <h2 id="note-title">{t('ADMIN_SUPPORT_NOTE')}</h2>
            <input type="hidden" name="intent" value="note" />
            <TextareaField id="note-body" name="body" label={t('ADMIN_SUPPORT_NOTE_TEXT')} hint={t('ADMIN_SUPPORT_NOTE_HINT')} rows={4} required maxLength={SUPPORT_TEXT_MAX} defaultValue={values.intent === 'note' ? values.body : ''} />
            <button className="button button--secondary" type="submit">
              {t('ADMIN_SUPPORT_ADD_NOTE')}
            </button>
          </form>

          <div className="console__panel console__form">
            <form method="post" action={base} className="console__inline" aria-label={t('ADMIN_SUPPORT_SET_STATE')}>
              <input type="hidden" name="intent" value="state" />
              <label className="field__label" htmlFor="ticket-state">
                {t('ADMIN_SUPPORT_STATE')}
              </label>
              <select className="field__input" id="ticket-state" name="state" defaultValue={detail.state}>
                {SUPPORT_STATES.map((s) => (
                  <option key={s} value={s}>
                    {t(consoleStateKey(s))}
                  </option>
                ))}
              </select>
              <button className="button button--secondary" type="submit">
                {t('ADMIN_SUPPORT_SET_STATE')}
              </button>
            </form>
            <form method="post" action={base} className="console__inline" aria-label={t('ADMIN_SUPPORT_ASSIGN')}>
              <input type="hidden" name="intent" value="assign" />
              <label className="field__label" htmlFor="ticket-assignee">
                {t('ADMIN_SUPPORT_ASSIGNEE')}
              </label>
              <select className="field__input" id="ticket-assignee" name="staff_id" defaultValue={detail.assignee?.id ?? ''}>
                <AssigneeOptions staff={assignees} />
              </select>
              <button className="button button--secondary" type="submit">
                {t('ADMIN_SUPPORT_ASSIGN')}
              </button>
            </form>
          </div>
        </div>
      )}
    </section>
  );
}
