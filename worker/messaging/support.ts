// The support inbox's emails (issue 32): a staff reply to the customer, in the ticket's language, with
// the ticket number and the signed link to read the thread and answer; and the notice to support
// when a customer answered through that link.
import { translate } from '../i18n';
import type { Lang } from '../rules/lang';
import { buttonLink, checkLink, escapeHtml, P, page, paragraphs, type EmailContent } from './templates';

export type SupportReplyMail = {
  ticket: string;
  name: string;
  lang: Lang;
  /** The reply as staff wrote it. */
  body: string;
  /** The page where the customer reads the thread and answers (absolute, signed). */
  link: string;
  /** How many days the link works. */
  days: number;
};

/** A staff reply, as the customer receives it. Answers to the email itself are not read: the link is the way back. */
export function supportReplyEmail(m: SupportReplyMail): EmailContent {
  checkLink(m.link);
  const tr = translate(m.lang);
  const t = {
    subject: tr('CONTACT_REPLY_MAIL_SUBJECT', { ticket: m.ticket }),
    hello: tr('CONTACT_MAIL_HELLO', { name: m.name }),
    intro: tr('CONTACT_REPLY_MAIL_INTRO', { ticket: m.ticket }),
    answer: tr('CONTACT_REPLY_MAIL_HOW'),
    button: tr('CONTACT_REPLY_MAIL_BUTTON'),
    fallback: tr('CONTACT_REPLY_MAIL_FALLBACK'),
    validity: tr('CONTACT_REPLY_MAIL_VALIDITY', { days: m.days, ticket: m.ticket }),
    team: tr('MAIL_TEAM'),
  };
  const text = [t.hello, t.intro, m.body, `${t.answer}\n${m.link}`, t.validity, t.team].join('\n\n') + '\n';
  const html = page(
    m.lang,
    t.subject,
    `<p style="${P}">${escapeHtml(t.hello)}</p>` +
      `<p style="${P}">${escapeHtml(t.intro)}</p>` +
      `<blockquote style="margin:0 0 16px;padding:0 12px;border-inline-start:3px solid #e50914">${paragraphs(m.body)}</blockquote>` +
      `<p style="${P}">${escapeHtml(t.answer)}</p>` +
      buttonLink(m.link, t.button, t.fallback) +
      `<p style="${P};font-size:14px;color:#52525b">${escapeHtml(t.validity)}</p>` +
      `<p style="margin:0">${escapeHtml(t.team)}</p>`,
  );
  return { subject: t.subject, text, html };
}

/** To support (in English, as the contact form's message): the customer answered on the ticket. */
export function customerReplyNotice(m: { ticket: string; name: string; email: string; body: string }): EmailContent {
  const subject = `[${m.ticket}] Customer reply — ${m.name}`;
  const head = `${m.name} <${m.email}> answered on ticket ${m.ticket} (it is open again in the support inbox).`;
  const text = `${head}\n\n${m.body}\n`;
  const html = page('en', subject, `<p style="${P}">${escapeHtml(head)}</p>` + paragraphs(m.body));
  return { subject, text, html };
}
