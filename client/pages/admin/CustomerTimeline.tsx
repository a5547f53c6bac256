import type { ReactNode } from 'react';
import type { Timeline, TimelineItem } from '../../../worker/api/admin/customers/schemas';
import { TIMELINE_SOURCES } from '../../../worker/api/admin/customers/schemas';
import { formatMoney } from '../../../worker/rules/money';
import { pickText } from '../../../worker/rules/texts';
import { formatDate, useI18n, type Lang, type Translate } from '../../i18n';

/** When, to the minute, in UTC (the console's one clock, as the audit log). */
export const when = (iso: string) => `${formatDate(iso)} ${iso.slice(11, 16)} UTC`;

export const kindKey = (kind: string) => `ADMIN_CUSTOMERS_KIND_${kind.replace('.', '_').toUpperCase()}`;

/** A code, id or address: left to right inside Arabic text. */
const Code = ({ children }: { children: ReactNode }) => <bdi dir="ltr">{children}</bdi>;
/** Text a person wrote (a subject, a reason, a name): its own direction. */
const Said = ({ children }: { children: ReactNode }) => <bdi>{children}</bdi>;

/** The facts of one event of the story, in a line: amounts through the money formatter, codes left to right. */
function facts(item: TimelineItem, t: Translate, lang: Lang): ReactNode[] {
  switch (item.kind) {
    case 'account.registered':
      return [<Code key="who">{[item.data.email, item.data.phone].filter(Boolean).join(' · ')}</Code>, item.data.lang];
    case 'session.started':
      return [<Said key="device">{item.data.device}</Said>, [item.data.city, item.data.country].filter(Boolean).join(', ')];
    case 'session.ended':
      return [item.data.reason ? <Code key="why">{item.data.reason}</Code> : null];
    case 'profile.created':
      return [<Said key="name">{item.data.name}</Said>, item.data.kid ? t('ADMIN_CUSTOMERS_KID') : null];
    case 'profile.pin_changed':
      return [<Said key="name">{item.data.name}</Said>, t(item.data.pin ? 'ADMIN_CUSTOMERS_PIN_SET' : 'ADMIN_CUSTOMERS_PIN_NONE')];
    case 'subscription.cancelled':
    case 'subscription.resumed':
    case 'subscription.ended':
    case 'subscription.payment_failed':
      return [item.data.periodEnd ? t('ADMIN_CUSTOMERS_UNTIL', { date: formatDate(item.data.periodEnd) }) : null, item.data.error ? <Code key="error">{item.data.error}</Code> : null];
    case 'payment.trial':
    case 'payment.subscribe':
    case 'payment.renew':
    case 'payment.change':
    case 'payment.card':
    case 'payment.tickets':
    case 'payment.order':
      return [
        <bdi key="amount" className="money">
          {formatMoney(lang, item.data.amount, item.data.currency)}
        </bdi>,
        <Code key="state">{`${item.data.state} · ${item.data.method}/${item.data.provider}`}</Code>,
        <Code key="tx">{item.data.transactionId}</Code>,
        item.data.voucherRef ? (
          <span key="voucher">
            {t('ADMIN_CUSTOMERS_MATCH_VOUCHER')}: <Code>{item.data.voucherRef}</Code>
          </span>
        ) : null,
        item.data.coupon ? <Code key="coupon">{item.data.coupon}</Code> : null,
        item.data.error ? <Code key="error">{item.data.error}</Code> : null,
      ];
    case 'invoice.issued':
      return [<Code key="n">{item.data.number}</Code>, `${formatDate(item.data.periodStart)} – ${formatDate(item.data.periodEnd)}`];
    case 'coupon.redeemed':
      return [<Code key="code">{item.data.code}</Code>];
    case 'tickets.unlocked':
      return [<Code key="slug">{item.data.slug ?? item.data.contentId}</Code>, t('ADMIN_CUSTOMERS_UNTIL', { date: formatDate(item.data.expiresAt) })];
    case 'library.card_added':
      return [<Said key="lib">{item.data.library}</Said>, <Code key="card">{item.data.cardNumber}</Code>, item.data.invalid ? <Code key="invalid">{item.data.invalid}</Code> : null];
    case 'library.loan':
      return [<Said key="lib">{item.data.library}</Said>, <Code key="slug">{item.data.slug ?? item.data.contentId}</Code>];
    case 'events.order':
      return [
        <Said key="show">{pickText(item.data.showTitles, lang) || item.data.show || item.data.showId}</Said>,
        <bdi key="amount" className="money">
          {formatMoney(lang, item.data.amount, item.data.currency)}
        </bdi>,
        <Code key="state">{item.data.state}</Code>,
      ];
    case 'events.eticket':
      return [<Code key="code">{item.data.code}</Code>, <Code key="state">{`${item.data.ticketKind} · ${item.data.state}`}</Code>];
    case 'events.eticket_scanned':
      return [<Code key="code">{item.data.code}</Code>];
    case 'contact.message':
      return [<Code key="ticket">{item.data.ticket}</Code>, <Said key="subject">{item.data.subject}</Said>];
    case 'message.email':
      return [<Code key="to">{item.data.to}</Code>, <Said key="subject">{item.data.subject}</Said>];
    case 'message.sms':
      return [<Code key="to">{item.data.to}</Code>];
    case 'code.sent':
      return [<Code key="to">{`${item.data.channel}: ${item.data.to}`}</Code>, <Code key="purpose">{item.data.purpose}</Code>, item.data.used ? t('ADMIN_CUSTOMERS_USED') : null];
    case 'password.reset_requested':
      return [item.data.used ? t('ADMIN_CUSTOMERS_USED') : null];
    case 'notification.reminder':
      return [formatDate(item.data.startsAt)];
    case 'push.subscribed':
      return [<Code key="family">{item.data.family}</Code>];
    case 'audit':
      return [<Code key="action">{item.data.action}</Code>, item.data.reason ? <Said key="reason">“{item.data.reason}”</Said> : null, item.data.staffRoles];
  }
}

/**
 * The customer's story, newest first: filtered by what it is about (the API's sources), a page at a
 * time with a link to older events and back to the newest.
 */
export function CustomerTimeline({ userId, timeline, source, paged }: { userId: string; timeline: Timeline; source: string; paged: boolean }) {
  const { t, lang } = useI18n();
  const base = `/admin/customers/${encodeURIComponent(userId)}`;
  const filter = source ? `source=${source}&` : '';
  return (
    <section aria-labelledby="customer-story" className="console__customers-story">
      <h2 id="customer-story">{t('ADMIN_CUSTOMERS_STORY')}</h2>
      <form method="get" action={base} className="console__filters" aria-label={t('ADMIN_FILTER')}>
        <div className="field">
          <label className="field__label" htmlFor="story-source">
            {t('ADMIN_CUSTOMERS_STORY_ABOUT')}
          </label>
          <select className="field__input" id="story-source" name="source" defaultValue={source}>
            <option value="">{t('ADMIN_CUSTOMERS_STORY_ALL')}</option>
            {TIMELINE_SOURCES.map((s) => (
              <option key={s} value={s}>
                {t(`ADMIN_CUSTOMERS_SOURCE_${s.toUpperCase()}`)}
              </option>
            ))}
          </select>
        </div>
        <button className="button button--secondary" type="submit">
          {t('ADMIN_FILTER')}
        </button>
      </form>
      {timeline.items.length === 0 ? (
        <p className="console__empty">{t(source ? 'ADMIN_CUSTOMERS_STORY_EMPTY_FILTERED' : 'ADMIN_CUSTOMERS_STORY_EMPTY')}</p>
      ) : (
        <ol className="console__customers-events">
          {timeline.items.map((item) => (
            <li key={item.key} className={`console__customers-event console__customers-event--${item.kind.split('.')[0]}`}>
              <time dateTime={item.at} dir="ltr">
                {when(item.at)}
              </time>
              <strong>{t(kindKey(item.kind))}</strong>
              <span className="console__customers-facts">
                {facts(item, t, lang)
                  .filter((fact) => fact !== null && fact !== '')
                  .map((fact, i) => (
                    <span key={i}>{fact}</span>
                  ))}
              </span>
            </li>
          ))}
        </ol>
      )}
      <nav className="console__customers-pages" aria-label={t('ADMIN_CUSTOMERS_STORY_PAGES')}>
        {paged && (
          <a className="button button--ghost" href={`${base}${source ? `?source=${source}` : ''}`}>
            {t('ADMIN_CUSTOMERS_NEWEST')}
          </a>
        )}
        {timeline.next !== null && (
          <a className="button button--secondary" href={`${base}?${filter}cursor=${encodeURIComponent(timeline.next)}`}>
            {t('ADMIN_CUSTOMERS_OLDER')}
          </a>
        )}
      </nav>
    </section>
  );
}
