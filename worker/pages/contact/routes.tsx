import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ContactPage, ContactSent } from '../../../client/pages/contact/ContactPage';
import type { FormState } from '../../../client/pages/auth/AuthLayout';
import { ContactAnswer } from '../../api/contact/schemas';
import { toE164 } from '../../rules/account';
import { checkContact, isContactSubject, TICKET, type ContactFields } from '../../rules/contact';
import { TEST_SITE_KEY_BLOCK, TURNSTILE_FIELD, turnstileMode } from '../../rules/turnstile';
import { ApiError, asApiError, callApi } from '../../session/auth';
import { loadUser } from '../../session/user';
import { countryCodeOf, failureStatus, splitMessage } from '../auth/form';
import { definePage, type Ctx, type Shown } from '../kit/page';
import { forProfile } from '../loaders';
import type { AppEnv } from '../../env';
import { replyPage } from './reply';

/**
 * /contact (issue 15, spec §2): the contact form, a plain HTML form posted here. GET renders it
 * (`?subject=` preselects a subject, the help centre's links; a logged-in user's email is
 * prefilled) or, with `?ticket=`, the confirmation after sending. POST checks the fields with
 * worker/rules/contact.ts (spec §5 messages; nothing reaches the API when a rule fails), calls
 * POST /contact (human check, rate limits, storage, emails), then redirects (303) to the
 * confirmation with the ticket number, or renders the form again, filled, with the messages.
 */


/** The widget this configuration shows (worker/rules/turnstile.ts). */
function humanCheckOf(c: Ctx) {
  const siteKey = (c.env.TURNSTILE_SITE_KEY ?? '').trim();
  const mode = turnstileMode({ secret: c.env.TURNSTILE_SECRET_KEY, devOutbox: c.env.DEV_OUTBOX });
  return { mode, siteKey, blocked: mode === 'sandbox' && siteKey === TEST_SITE_KEY_BLOCK, nonce: c.get('nonce') };
}

/** Where an API refusal `KEY: field` belongs on the form. */
const API_FIELDS: Record<string, string> = {
  subject: 'subject',
  topic: 'topic',
  library: 'library',
  name: 'name',
  email: 'email',
  phone: 'phone_national',
  message: 'message',
  turnstile_token: TURNSTILE_FIELD,
};

/** The form state of an API refusal: a field's message, or a notice (spec §8 too many requests). */
function refusal(failure: ApiError, values: Record<string, string>): { state: FormState; status: ContentfulStatusCode } {
  const { code, detail } = splitMessage(failure.message);
  if (failure.status === 429) return { state: { values, notice: { kind: 'danger', key: 'TOO_MANY_REQUESTS' } }, status: 429 };
  if (code === 'HUMAN_CHECK_FAILED') {
    return { state: { values, errors: { [TURNSTILE_FIELD]: code }, notice: { kind: 'danger', key: code } }, status: 400 };
  }
  if (code === 'HUMAN_CHECK_UNAVAILABLE') return { state: { values, notice: { kind: 'danger', key: code } }, status: 503 };
  const field = API_FIELDS[detail];
  if (failure.status === 400 && field && code !== 'BAD_REQUEST') return { state: { values, errors: { [field]: code } }, status: 400 };
  return { state: { values, notice: { kind: 'danger', key: 'ERROR_DEFAULT' } }, status: failureStatus(failure.status) };
}

const contactForm = definePage({
  path: '/contact',
  who: 'anyone',
  load: async ({ c }, { state }: Shown<FormState>) => {
    const user = await loadUser(c);
    if (state) return { sent: null, state, user };
    const ticket = c.req.query('ticket') ?? '';
    if (TICKET.test(ticket)) return { sent: ticket, state: {} as FormState, user };
    const subject = c.req.query('subject');
    return { sent: null, state: { values: { subject: isContactSubject(subject) ? subject : '', email: user.isAnonymous ? '' : (user.email ?? '') } }, user };
  },
  view: ({ sent, state, user }, { c, t }, { status }) => {
    if (sent) return { element: <ContactSent ticket={sent} />, meta: { title: t('CONTACT_SENT_TITLE') }, indexed: true };
    const element = <ContactPage state={state} loggedIn={!user.isAnonymous} humanCheck={humanCheckOf(c)} />;
    const meta = { title: t('TITLE_CONTACT'), description: t('DESCRIPTION_CONTACT') };
    // The empty form is a page like any other; the form after a post is not indexed.
    return c.req.method === 'GET' ? { element, meta, indexed: true } : { element, meta, status, errors: state.errors };
  },
  async action({ c }, form): Promise<Response | Shown<FormState>> {
    const fields: ContactFields = {
      subject: (form.subject ?? '').trim(),
      topic: (form.topic ?? '').trim(),
      library: (form.library ?? '').trim(),
      name: (form.name ?? '').trim(),
      email: (form.email ?? '').trim().toLowerCase(),
      phone_national: (form.phone_national ?? '').trim(),
      message: (form.message ?? '').trim(),
    };
    const country_code = countryCodeOf(form.country_code);
    // Everything typed comes back on an error (the human check's token does not: it is used once).
    const values = { ...fields, country_code, message: form.message ?? '' };
    const errors = checkContact(fields);
    if (Object.keys(errors).length > 0) return { state: { values, errors }, status: 400 };

    const librarian = fields.subject === 'librarian';
    const answer = await callApi(c, forProfile(c, '/contact'), 'POST', {
      subject: fields.subject,
      ...(librarian ? { topic: fields.topic, library: fields.library } : {}),
      name: fields.name,
      email: fields.email,
      ...(fields.phone_national ? { phone: toE164(country_code, fields.phone_national) } : {}),
      message: fields.message,
      turnstile_token: form[TURNSTILE_FIELD] ?? '',
    }).catch(asApiError);
    if (answer instanceof ApiError) {
      return refusal(answer, values);
    }
    const sent = ContactAnswer.safeParse(answer);
    if (!sent.success) return { state: { values, notice: { kind: 'danger', key: 'ERROR_DEFAULT' } }, status: 502 };
    return c.redirect(`/contact?ticket=${sent.data.ticket}`, 303);
  },
});

/** /contact and the reply link's page /contact/reply/{token}. */
export const pages = new Hono<AppEnv>().route('/', contactForm).route('/', replyPage);
