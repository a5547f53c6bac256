import type { CustomerThread } from '../../../worker/api/contact/support/schemas';
import { subjectLabelKey } from '../../../worker/rules/contact';
import { customerStateKey, REPLY_LINK_DAYS } from '../../../worker/rules/support';
import { useI18n } from '../../i18n';
import { Notice, SubmitButton, type FormState } from '../auth/AuthLayout';
import { formatDateTime } from '../settings/format';
import { MessageField } from './ContactPage';

export type ReplyProps = {
  thread: CustomerThread;
  /** The link's token: the form posts back to its page. */
  token: string;
  /** The typed answer, its error and the form's notice after a POST. */
  state: FormState;
  /** The visitor's time zone, for the messages' dates. */
  timeZone: string;
};

/**
 * /contact/reply/{token} (issue 32): the page of a reply email's link. The customer reads their
 * request (its subject and status, their messages and support's answers, never the internal notes)
 * and answers with a plain HTML form posted to the same address (no JavaScript needed).
 */
export function ReplyPage({ thread, token, state, timeZone }: ReplyProps) {
  const { t } = useI18n();
  const when = (iso: string) => t('CONTACT_REPLY_AT', formatDateTime(iso, timeZone));
  const until = formatDateTime(thread.expiresAt, timeZone).date;
  const error = state.errors?.message;
  return (
    <section className="auth contact contact-reply" aria-labelledby="reply-title">
      <div className="auth__card contact__card">
        <h1 id="reply-title" className="auth__title">
          {t('CONTACT_REPLY_TITLE', { ticket: thread.ticket })}
        </h1>
        <p className="auth__intro">{t('CONTACT_REPLY_INTRO')}</p>
        <dl className="contact-reply__facts">
          <div>
            <dt>{t('CONTACT_SUBJECT')}</dt>
            <dd>{t(subjectLabelKey(thread.subject))}</dd>
          </div>
          <div>
            <dt>{t('CONTACT_REPLY_STATUS')}</dt>
            <dd>
              <span className={`contact-reply__state contact-reply__state--${thread.state}`} data-testid="reply-state">
                {t(customerStateKey(thread.state))}
              </span>
            </dd>
          </div>
        </dl>
        {thread.state === 'resolved' && <p className="contact-reply__resolved">{t('CONTACT_REPLY_RESOLVED')}</p>}
        <ol className="contact-reply__thread" aria-label={t('CONTACT_REPLY_THREAD')}>
          {thread.messages.map((m) => (
            <li key={m.id} className={`contact-reply__message contact-reply__message--${m.from}`} data-testid="reply-message">
              <p className="contact-reply__meta">
                <strong>{t(m.from === 'customer' ? 'CONTACT_REPLY_FROM_CUSTOMER' : 'CONTACT_REPLY_FROM_SUPPORT')}</strong>{' '}
                <time dateTime={m.at}>{when(m.at)}</time>
              </p>
              <p className="contact-reply__body" dir="auto">
                {m.body}
              </p>
            </li>
          ))}
        </ol>
        <Notice notice={state.notice} />
        <form className="auth__form contact__form" method="post" action={`/contact/reply/${token}`}>
          <MessageField label={t('CONTACT_REPLY_MESSAGE')} value={state.values?.message ?? ''} error={error} autoFocus={Boolean(error)} />
          <SubmitButton>{t('CONTACT_REPLY_SEND')}</SubmitButton>
        </form>
        <p className="contact-reply__until">{t('CONTACT_REPLY_VALID_UNTIL', { date: until })}</p>
      </div>
    </section>
  );
}

/** A link that no longer opens its request: expired (with the ticket number to quote) or invalid. */
export function ReplyLinkRefused({ expired, ticket }: { expired: boolean; ticket: string }) {
  const { t } = useI18n();
  return (
    <section className="error-page" aria-labelledby="reply-refused-title">
      <h1 id="reply-refused-title">{t(expired ? 'CONTACT_REPLY_EXPIRED_TITLE' : 'CONTACT_REPLY_INVALID_TITLE')}</h1>
      <p>{expired ? t('CONTACT_REPLY_EXPIRED_TEXT', { days: REPLY_LINK_DAYS, ticket }) : t('CONTACT_REPLY_INVALID_TEXT')}</p>
      <a className="button button--primary button--large" href="/contact">
        {t('CONTACT_REPLY_WRITE_AGAIN')}
      </a>
    </section>
  );
}
