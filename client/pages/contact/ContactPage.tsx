import type { ReactNode } from 'react';
import {
  CONTACT_LIBRARY_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECTS,
  LIBRARIAN_TOPICS,
  subjectLabelKey,
  topicLabelKey,
} from '../../../worker/rules/contact';
import { EmailField, Field, FieldMessage, PhoneField } from '../../components/Form';
import { formatNumber, useI18n } from '../../i18n';
import { AccountFormIsland } from '../../islands/account-form';
import { firstInvalid, Notice, SubmitButton, type FormState } from '../auth/AuthLayout';
import { HumanCheck, type HumanCheckProps } from './HumanCheck';

export type ContactProps = {
  /** The typed values, field errors and form-level notice after a POST; the prefill on GET. */
  state: FormState;
  /** A logged-in sender: their account details go with the message. */
  loggedIn: boolean;
  humanCheck: Omit<HumanCheckProps, 'error'>;
};

/** The fields in page order: the first one in error takes the focus. */
const ORDER = ['subject', 'topic', 'library', 'name', 'email', 'phone_national', 'message'];

/** A labelled `<select>` with its message line, as Field renders inputs. */
function SelectField({ name, label, value, error, autoFocus, required = false, children }: { name: string; label: string; value: string; error?: string; autoFocus: boolean; required?: boolean; children: ReactNode }) {
  const id = `field-${name}`;
  return (
    <div className="field" data-field={name}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select className="field__input" id={id} name={name} defaultValue={value} required={required} aria-invalid={error ? true : undefined} aria-describedby={`${id}-message`} autoFocus={autoFocus}>
        {children}
      </select>
      <FieldMessage id={`${id}-message`} name={name} error={error} />
    </div>
  );
}

/** The message's text area (the contact form's, and the answer on the reply page), with its length hint. */
export function MessageField({ value, error, autoFocus, label }: { value: string; error?: string; autoFocus: boolean; label?: string }) {
  const { t, lang } = useI18n();
  return (
    <div className="field" data-field="message">
      <label className="field__label" htmlFor="field-message">
        {label ?? t('CONTACT_MESSAGE')}
      </label>
      <textarea
        className="field__input contact__message"
        id="field-message"
        name="message"
        rows={7}
        maxLength={CONTACT_MESSAGE_MAX}
        required
        dir="auto"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby="field-message-message"
        autoFocus={autoFocus}
      />
      <FieldMessage id="field-message-message" name="message" error={error} hint={t('CONTACT_MESSAGE_HINT', { max: formatNumber(lang, CONTACT_MESSAGE_MAX) })} />
    </div>
  );
}

/**
 * /contact (issue 15, spec §2): the contact form. A plain HTML form posted to /contact (it works
 * without JavaScript); the librarian's questions (spec §6) show only with that subject, by CSS.
 * The account-form island adds instant validation; the server judges.
 */
export function ContactPage({ state, loggedIn, humanCheck }: ContactProps) {
  const { t } = useI18n();
  const values = state.values ?? {};
  const errors = state.errors ?? {};
  const focus = firstInvalid(state, ORDER);
  return (
    <section className="auth contact" aria-labelledby="contact-title">
      <div className="auth__card contact__card">
        <h1 id="contact-title" className="auth__title">
          {t('TITLE_CONTACT')}
        </h1>
        <p className="auth__intro">
          {t('CONTACT_INTRO')} <a href="/page/help-center">{t('CONTACT_HELP_LINK')}</a>.
        </p>
        <Notice notice={state.notice} />
        <form className="auth__form contact__form" method="post" action="/contact">
          <SelectField name="subject" label={t('CONTACT_SUBJECT')} value={values.subject ?? ''} error={errors.subject} autoFocus={focus === 'subject'} required>
            <option value="">{t('CONTACT_SUBJECT_CHOOSE')}</option>
            {CONTACT_SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {t(subjectLabelKey(s))}
              </option>
            ))}
          </SelectField>
          {/* Spec §6 Librarian: not required by the browser (hidden for other subjects); the server asks for them with that subject. */}
          <fieldset className="contact__librarian">
            <legend className="field__label">{t('CONTACT_LIBRARIAN_LEGEND')}</legend>
            <SelectField name="topic" label={t('CONTACT_TOPIC')} value={values.topic ?? ''} error={errors.topic} autoFocus={focus === 'topic'}>
              <option value="">{t('CONTACT_TOPIC_CHOOSE')}</option>
              {LIBRARIAN_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {t(topicLabelKey(topic))}
                </option>
              ))}
            </SelectField>
            <Field name="library" label={t('CONTACT_LIBRARY')} maxLength={CONTACT_LIBRARY_MAX} autoComplete="organization" defaultValue={values.library ?? ''} error={errors.library} autoFocus={focus === 'library'} />
          </fieldset>
          <Field name="name" label={t('CONTACT_NAME')} required maxLength={CONTACT_NAME_MAX} autoComplete="name" defaultValue={values.name ?? ''} error={errors.name} autoFocus={focus === 'name'} />
          <EmailField label={t('EMAIL')} required defaultValue={values.email ?? ''} error={errors.email} autoFocus={focus === 'email'} hint={loggedIn ? t('CONTACT_ACCOUNT_NOTE') : undefined} />
          <PhoneField label={t('CONTACT_PHONE_OPTIONAL')} countryCode={values.country_code} national={values.phone_national} error={errors.phone_national} autoFocus={focus === 'phone_national'} />
          <MessageField value={values.message ?? ''} error={errors.message} autoFocus={focus === 'message'} />
          <HumanCheck {...humanCheck} error={errors['cf-turnstile-response']} />
          <AccountFormIsland
            rules={{ subject: 'required', topic: 'required', library: 'required', name: 'required', email: 'email', message: 'required' }}
            hints={loggedIn ? { email: 'CONTACT_ACCOUNT_NOTE' } : {}}
          />
          <SubmitButton>{t('CONTACT_SEND')}</SubmitButton>
        </form>
      </div>
    </section>
  );
}

/** After sending: the ticket number (303 from the POST, so a reload does not send again). */
export function ContactSent({ ticket }: { ticket: string }) {
  const { t } = useI18n();
  return (
    <section className="auth contact" aria-labelledby="contact-title">
      <div className="auth__card contact__card" role="status">
        <h1 id="contact-title" className="auth__title">
          {t('CONTACT_SENT_TITLE')}
        </h1>
        <p className="auth__intro">{t('CONTACT_SENT_TEXT')}</p>
        <div className="contact__ticket">
          <span className="contact__ticket-label">{t('CONTACT_TICKET')}</span>
          <strong className="contact__ticket-number" dir="ltr" data-testid="contact-ticket">
            {ticket}
          </strong>
          <span className="contact__ticket-hint">{t('CONTACT_TICKET_HINT')}</span>
        </div>
        <p>
          <a className="button button--secondary" href="/contact">
            {t('CONTACT_SEND_ANOTHER')}
          </a>
        </p>
      </div>
    </section>
  );
}
