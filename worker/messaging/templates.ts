// Account emails and SMS (password reset, verification codes) and the document every email uses;
// their texts are in locales/ (RESET_MAIL_*, CODE_MAIL_*, CODE_SMS, MAIL_TEAM).
import { translate } from '../i18n';
import type { Lang } from '../rules/lang';
import type { Email } from './types';

/** An email before it is addressed: subject, text part and html part. */
export type EmailContent = Omit<Email, 'to' | 'html'> & { html: string };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

/** A paragraph's style in every email. */
export const P = 'margin:0 0 16px';

/** Text a person wrote (a message, a reply), its paragraphs kept and its line breaks shown. */
export const paragraphs = (text: string): string =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="${P};white-space:pre-wrap">${escapeHtml(p)}</p>`)
    .join('');

/** A link as the email's main button, and the same address written out for mail readers that hide buttons. */
export function buttonLink(href: string, label: string, fallback: string): string {
  const url = escapeHtml(href);
  return (
    `<p style="margin:0 0 24px"><a href="${url}" style="display:inline-block;padding:12px 20px;background:#e50914;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(label)}</a></p>` +
    `<p style="${P};font-size:14px;color:#52525b">${escapeHtml(fallback)}<br><a href="${url}" dir="ltr" style="color:#2563eb;word-break:break-all">${url}</a></p>`
  );
}

/** A minimal, inline-styled email document; Arabic is laid out right to left. */
export function page(lang: Lang, title: string, inner: string): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const align = lang === 'ar' ? 'right' : 'left';
  return (
    `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f4f5">` +
    `<div dir="${dir}" style="max-width:480px;margin:0 auto;padding:24px;background:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#18181b;text-align:${align}">` +
    `${inner}</div></body></html>`
  );
}

/** Only absolute http(s) links go into an email. */
export function checkLink(link: string): void {
  let protocol = '';
  try {
    protocol = new URL(link).protocol;
  } catch {
    // handled below
  }
  if (protocol !== 'https:' && protocol !== 'http:') throw new TypeError('email: the link must be an absolute http(s) URL');
}

export function resetPasswordEmail(lang: Lang, link: string): EmailContent {
  checkLink(link);
  const tr = translate(lang);
  const t = {
    subject: tr('RESET_MAIL_SUBJECT'),
    greeting: tr('RESET_MAIL_GREETING'),
    intro: tr('RESET_MAIL_INTRO'),
    button: tr('RESET_MAIL_BUTTON'),
    fallback: tr('RESET_MAIL_FALLBACK'),
    validity: tr('RESET_MAIL_VALIDITY'),
    ignore: tr('RESET_MAIL_IGNORE'),
    team: tr('MAIL_TEAM'),
  };
  const text = [t.greeting, t.intro, link, `${t.validity} ${t.ignore}`, t.team].join('\n\n') + '\n';
  const html = page(
    lang,
    t.subject,
    `<p style="${P}">${escapeHtml(t.greeting)}</p>` +
      `<p style="${P}">${escapeHtml(t.intro)}</p>` +
      buttonLink(link, t.button, t.fallback) +
      `<p style="${P}">${escapeHtml(t.validity)} ${escapeHtml(t.ignore)}</p>` +
      `<p style="margin:0">${escapeHtml(t.team)}</p>`,
  );
  return { subject: t.subject, text, html };
}

export function verificationCodeEmail(lang: Lang, code: string): EmailContent {
  const tr = translate(lang);
  const t = { subject: tr('CODE_MAIL_SUBJECT'), line: tr('CODE_MAIL_LINE', { code }), share: tr('CODE_MAIL_SHARE'), ignore: tr('CODE_MAIL_IGNORE'), team: tr('MAIL_TEAM') };
  const text = [t.line, t.share, t.ignore, t.team].join('\n\n') + '\n';
  const html = page(
    lang,
    t.subject,
    `<p style="${P}">${escapeHtml(t.line)}</p>` +
      `<p dir="ltr" style="margin:0 0 24px;font-family:'Courier New',monospace;font-size:32px;font-weight:bold;letter-spacing:6px;text-align:center">${escapeHtml(code)}</p>` +
      `<p style="${P}">${escapeHtml(t.share)}</p>` +
      `<p style="${P};font-size:14px;color:#52525b">${escapeHtml(t.ignore)}</p>` +
      `<p style="margin:0">${escapeHtml(t.team)}</p>`,
  );
  return { subject: t.subject, text, html };
}

/** Short enough for one SMS segment (Arabic and Spanish texts are UCS-2: 70 characters). */
export function verificationCodeSms(lang: Lang, code: string): string {
  return translate(lang)('CODE_SMS', { code });
}
