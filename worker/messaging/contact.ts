// The contact form's emails (issue 15): the message to support with the sender's account details,
// and the acknowledgement to the sender in their language with the ticket number.
import { translate } from '../i18n';
import { subjectLabelKey, topicLabelKey, type ContactSubject, type LibrarianTopic } from '../rules/contact';
import type { Lang } from '../rules/lang';
import { escapeHtml, P, page, paragraphs, type EmailContent } from './templates';

export type ContactMail = {
  ticket: string;
  subject: ContactSubject;
  topic?: LibrarianTopic | undefined;
  library?: string | undefined;
  name: string;
  email: string;
  phone?: string | undefined;
  message: string;
  lang: Lang;
  created_at: string;
  /** A logged-in sender's account, as support needs it; null for a guest. */
  account: {
    userId: string;
    profileId: number | null;
    profileName: string | null;
    deviceId: string | null;
    subscriptionEnd: string | null;
    lastTransaction: { id: string; state: string; method: string; amount: number; currency: string; created_at: string } | null;
  } | null;
  deviceId: string | null;
};

/** "Librarian: trial, demo or content — Demo (Bibliothèque municipale de Fès)" in `lang`. */
function subjectLine(lang: Lang, m: Pick<ContactMail, 'subject' | 'topic' | 'library'>): string {
  const t = translate(lang);
  const head = t(subjectLabelKey(m.subject));
  if (m.subject !== 'librarian' || !m.topic) return head;
  return `${head} — ${t(topicLabelKey(m.topic))}${m.library ? ` (${m.library})` : ''}`;
}


/** The message to support (in English): who wrote, about what, their account, and the message. */
export function supportEmail(m: ContactMail): EmailContent {
  const a = m.account;
  const tx = a?.lastTransaction;
  const rows: [string, string][] = [
    ['Ticket', m.ticket],
    ['Subject', subjectLine('en', m)],
    ['Name', m.name],
    ['Email', m.email],
    ['Phone', m.phone || '—'],
    ['Language', m.lang],
    ['Sent at', m.created_at],
    ['Account', a ? a.userId : 'not logged in'],
    ...(a
      ? ([
          ['Profile', a.profileId === null ? '—' : `${a.profileId}${a.profileName ? ` (${a.profileName})` : ''}`],
          ['Subscription end', a.subscriptionEnd ?? '—'],
          ['Last transaction', tx ? `${tx.id} · ${tx.state} · ${tx.method} · ${tx.amount} ${tx.currency} · ${tx.created_at}` : '—'],
        ] satisfies [string, string][])
      : []),
    ['Device', m.deviceId || '—'],
  ];
  const subject = `[${m.ticket}] ${subjectLine('en', m)} — ${m.name}`;
  const text = `${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${m.message}\n`;
  const html = page(
    'en',
    subject,
    `<table style="border-collapse:collapse;margin:0 0 16px">${rows
      .map(([k, v]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0;vertical-align:top">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
      .join('')}</table>` + paragraphs(m.message),
  );
  return { subject, text, html };
}

/** The acknowledgement to the sender, in their language, with the ticket number and a copy of the message. */
export function contactAcknowledgementEmail(m: ContactMail): EmailContent {
  const tr = translate(m.lang);
  const t = { hello: tr('CONTACT_MAIL_HELLO', { name: m.name }), received: tr('CONTACT_MAIL_RECEIVED'), ticket: tr('CONTACT_MAIL_TICKET', { ticket: m.ticket }), reply: tr('CONTACT_MAIL_MESSAGE'), team: tr('MAIL_TEAM') };
  const subject = tr('CONTACT_MAIL_SUBJECT', { ticket: m.ticket });
  const about = tr('CONTACT_MAIL_ABOUT', { subject: subjectLine(m.lang, m) });
  const text = [t.hello, t.received, t.ticket, about, `${t.reply}\n${m.message}`, t.team].join('\n\n') + '\n';
  const html = page(
    m.lang,
    subject,
    `<p style="${P}">${escapeHtml(t.hello)}</p>` +
      `<p style="${P}">${escapeHtml(t.received)}</p>` +
      `<p style="${P};font-weight:bold">${escapeHtml(t.ticket)}</p>` +
      `<p style="${P}">${escapeHtml(about)}</p>` +
      `<p style="${P};color:#52525b">${escapeHtml(t.reply)}</p>` +
      `<blockquote style="margin:0 0 16px;padding:0 12px;border-inline-start:3px solid #d4d4d8;color:#3f3f46">${paragraphs(m.message)}</blockquote>` +
      `<p style="margin:0">${escapeHtml(t.team)}</p>`,
  );
  return { subject, text, html };
}
