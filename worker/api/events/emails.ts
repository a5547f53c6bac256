// The e-tickets mail (issue 17: "shown in the account (My tickets) and emailed"): in the buyer's
// language, each ticket with its type, holder and short code, and a link to My tickets (the QR codes).
import { translate } from '../../i18n';
import { showDateTime } from '../../rules/events';
import { shortCode } from '../../rules/eticket';
import { isLang, type Lang } from '../../rules/lang';
import { formatMoney } from '../../rules/money';
import type { BillingMail } from '../payments/emails';
import { escapeHtml, page } from '../../messaging/templates';
import { orderById, orderView } from './queries';

export type ETicketMail = { subject: string; text: string; html: string };

/** The mail of a fulfilled order's tickets. */
export function eticketEmail(lang: Lang, order: Awaited<ReturnType<typeof orderView>>, origin: string): ETicketMail {
  const t = translate(lang);
  const when = showDateTime(order.show.starts_at, lang);
  const subject = t('ETICKET_MAIL_SUBJECT', { show: order.show.title });
  const intro = t('ETICKET_MAIL_INTRO', { show: order.show.title, festival: order.show.festival_name, date: when, venue: order.show.venue });
  const paid = t('ETICKET_MAIL_PAID', { amount: formatMoney(lang, order.amount, order.currency) });
  const lines = order.tickets.map((k) => t('ETICKET_MAIL_LINE', { type: k.type_name, holder: k.holder || '—', code: shortCode(k.id) }));
  const link = `${origin}/my-tickets?lang=${lang}`;
  const team = t('MAIL_TEAM');
  const text = [intro, ...lines, paid, t('ETICKET_MAIL_SHOW_QR'), link, team].join('\n\n') + '\n';
  const html = page(
    lang,
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>` +
      `<ul style="margin:0 0 16px;padding-inline-start:20px">${lines.map((l) => `<li style="margin:0 0 8px">${escapeHtml(l)}</li>`).join('')}</ul>` +
      `<p style="margin:0 0 16px">${escapeHtml(paid)}</p>` +
      `<p style="margin:0 0 16px">${escapeHtml(t('ETICKET_MAIL_SHOW_QR'))}</p>` +
      `<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#c8002b;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(t('MY_TICKETS'))}</a></p>` +
      `<p style="margin:0">${escapeHtml(team)}</p>`,
  );
  return { subject, text, html };
}

/** Sends a fulfilled order's e-tickets to its buyer (a failure is logged: My tickets still shows them). */
export async function sendETicketEmail(deps: BillingMail & { db: D1Database }, orderId: string): Promise<void> {
  const { db } = deps;
  const order = await orderById(db, orderId);
  if (!order) return;
  const user = await db.prepare('SELECT email FROM users WHERE id = ?').bind(order.user_id).first<{ email: string | null }>();
  if (!user?.email) return;
  const lang = isLang(order.lang) ? order.lang : 'ar';
  try {
    const view = await orderView(db, order, lang);
    await deps.mail.send({ to: user.email, ...eticketEmail(lang, view, deps.origin) });
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', event: 'eticket_email_failed', orderId, error: String(error) }));
  }
}
