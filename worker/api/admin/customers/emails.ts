// What the customer is told of support's actions (issue 32), in the customer's language: a profile's
// PIN removed, the code that confirms a new email address, and the old address told of the change.
// Their texts are in locales/ (ADMIN_CUSTOMERS_*_MAIL_*, ADMIN_CUSTOMERS_PIN_SMS).
import type { Lang } from '../../../rules/lang';
import { translate } from '../../../i18n';
import { escapeHtml, page, type EmailContent } from '../../../messaging/templates';

export type CustomerNotice =
  | { kind: 'pin_removed'; profile: string; profileId: number }
  | { kind: 'email_code'; code: string }
  | { kind: 'email_changed'; email: string };

type Text = { subject: string; lines: string[]; code?: string; link?: { label: string; path: string } };

function text(lang: Lang, notice: CustomerNotice): Text {
  const t = translate(lang);
  switch (notice.kind) {
    case 'pin_removed':
      return {
        subject: t('ADMIN_CUSTOMERS_PIN_MAIL_SUBJECT'),
        lines: [t('ADMIN_CUSTOMERS_PIN_MAIL_LINE', { profile: notice.profile }), t('ADMIN_CUSTOMERS_PIN_MAIL_SET'), t('ADMIN_CUSTOMERS_MAIL_NOT_YOU')],
        link: { label: t('ADMIN_CUSTOMERS_PIN_MAIL_BUTTON'), path: `/profiles/${notice.profileId}/edit` },
      };
    case 'email_code':
      return {
        subject: t('ADMIN_CUSTOMERS_EMAIL_CODE_MAIL_SUBJECT'),
        lines: [t('ADMIN_CUSTOMERS_EMAIL_CODE_MAIL_LINE'), t('ADMIN_CUSTOMERS_EMAIL_CODE_MAIL_VALIDITY'), t('ADMIN_CUSTOMERS_EMAIL_CODE_MAIL_IGNORE')],
        code: notice.code,
      };
    case 'email_changed':
      return { subject: t('ADMIN_CUSTOMERS_EMAIL_CHANGED_MAIL_SUBJECT'), lines: [t('ADMIN_CUSTOMERS_EMAIL_CHANGED_MAIL_LINE', { email: notice.email }), t('ADMIN_CUSTOMERS_MAIL_NOT_YOU')] };
  }
}

/** The email of a notice: the code (if any) after the first line, a link to the site (if any), the team's signature. */
export function customerEmail(lang: Lang, notice: CustomerNotice, origin: string): EmailContent {
  const t = text(lang, notice);
  const team = translate(lang)('MAIL_TEAM');
  const link = t.link ? `${origin}${t.link.path}?lang=${lang}` : null;
  const [first = '', ...rest] = t.lines;
  const body = [first, ...(t.code ? [t.code] : []), ...rest, ...(link ? [link] : []), team].join('\n\n') + '\n';
  const p = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = page(
    lang,
    t.subject,
    p(first) +
      (t.code ? `<p dir="ltr" style="margin:0 0 24px;font-family:'Courier New',monospace;font-size:32px;font-weight:bold;letter-spacing:6px;text-align:center">${escapeHtml(t.code)}</p>` : '') +
      rest.map(p).join('') +
      (t.link && link ? `<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#c8002b;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(t.link.label)}</a></p>` : '') +
      `<p style="margin:0">${escapeHtml(team)}</p>`,
  );
  return { subject: t.subject, text: body, html };
}

/** A customer without an email hears of a removed PIN by SMS. */
export const pinRemovedSms = (lang: Lang, profile: string): string => translate(lang)('ADMIN_CUSTOMERS_PIN_SMS', { profile });
