import type { DifferenceList, Summary } from '../../../worker/api/payments/reconciliation/schemas';
import { DIFFERENCE_KINDS, RECON_METHODS } from '../../../worker/api/payments/reconciliation/schemas';
import { formatMoney } from '../../../worker/rules/money';
import type { Currency } from '../../../worker/rules/subscription';
import { Field } from '../../components/Form';
import { formatDate, formatNumber, useI18n } from '../../i18n';
import { OffsetPager } from './CouponParts';
import { ConsoleTable, type Column } from './ConsoleTable';

export type ReconFilter = { from: string; to: string; kind: string; method: string };

function Money({ minor, currency }: { minor: number; currency: Currency }) {
  const { lang } = useI18n();
  return <bdi dir="ltr">{formatMoney(lang, minor, currency)}</bdi>;
}

function Count({ n }: { n: number }) {
  const { lang } = useI18n();
  return <bdi dir="ltr">{formatNumber(lang, n)}</bdi>;
}

/** A number and its amount in one cell: "3 · 477,00 MAD". */
function CountAmount({ n, minor, currency }: { n: number; minor: number; currency: Currency }) {
  return (
    <>
      <Count n={n} /> · <Money minor={minor} currency={currency} />
    </>
  );
}

/** One table of the summary with its CSV link and its empty state. */
function Part({ id, title, empty, csv, columns, children, rows }: { id: string; title: string; empty: string; csv: string; columns: readonly Column[]; children: React.ReactNode; rows: number }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby={id} className="console__recon-part">
      <div className="console__recon-head">
        <h2 id={id}>{title}</h2>
        {rows > 0 && (
          <a className="button button--ghost" href={csv} download>
            {t('ADMIN_EXPORT_CSV')}
          </a>
        )}
      </div>
      {rows === 0 ? (
        <p className="console__empty">{empty}</p>
      ) : (
        <ConsoleTable caption={title} columns={columns}>
          {children}
        </ConsoleTable>
      )}
    </section>
  );
}

/** Cash reconciliation of a range of days: vouchers, agencies, agents, mobile payments, and the differences. */
export function ReconciliationPage({ summary, differences, filter, range, offset }: { summary: Summary; differences: DifferenceList; filter: ReconFilter; range: string; offset: number }) {
  const { t } = useI18n();
  const day = (iso: string) => <bdi dir="ltr">{formatDate(iso)}</bdi>;
  const csv = (part: string) => `/admin/reconciliation.csv?${range}&part=${part}`;
  const diffQuery = new URLSearchParams(Object.entries(filter).filter(([, v]) => v)).toString();
  return (
    <section aria-labelledby="recon-title">
      <h1 id="recon-title">{t('ADMIN_RECON')}</h1>
      <form method="get" action="/admin/reconciliation" className="console__filters" role="search" aria-label={t('ADMIN_FILTER')}>
        <Field name="from" type="date" label={t('ADMIN_FROM')} defaultValue={filter.from} />
        <Field name="to" type="date" label={t('ADMIN_TO')} defaultValue={filter.to} hint={t('ADMIN_RECON_RANGE_HINT')} />
        <div className="field">
          <label className="field__label" htmlFor="filter-kind">
            {t('ADMIN_RECON_KIND')}
          </label>
          <select className="field__input" id="filter-kind" name="kind" defaultValue={filter.kind}>
            <option value="">{t('ADMIN_RECON_ALL_KINDS')}</option>
            {DIFFERENCE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`ADMIN_RECON_KIND_${k.toUpperCase()}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="filter-method">
            {t('ADMIN_RECON_METHOD')}
          </label>
          <select className="field__input" id="filter-method" name="method" defaultValue={filter.method}>
            <option value="">{t('ADMIN_RECON_ALL_METHODS')}</option>
            {RECON_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`ADMIN_RECON_METHOD_${m.toUpperCase()}`)}
              </option>
            ))}
          </select>
        </div>
        <button className="button button--secondary" type="submit">
          {t('ADMIN_FILTER')}
        </button>
      </form>
      <p className={summary.differences > 0 ? 'console__recon-alert' : 'console__recon-ok'} role="status">
        {summary.differences > 0 ? t('ADMIN_RECON_DIFFERENCES_COUNT', { count: summary.differences }) : t('ADMIN_RECON_NO_DIFFERENCE')}
      </p>

      <Part
        id="recon-differences"
        title={t('ADMIN_RECON_DIFFERENCES')}
        empty={t('ADMIN_RECON_DIFFERENCES_EMPTY')}
        csv={`/admin/reconciliation/differences.csv?${diffQuery}`}
        rows={differences.differences.length}
        columns={[t('ADMIN_RECON_KIND'), t('ADMIN_RECON_METHOD'), t('ADMIN_RECON_ISSUED_AT'), t('ADMIN_RECON_REFERENCE'), t('ADMIN_ACCOUNT'), t('ADMIN_RECON_HERE'), t('ADMIN_RECON_NETWORK'), t('ADMIN_RECON_AGENCY')]}
      >
        {differences.differences.map((d) => (
          <tr key={d.transaction_id}>
            <td>{t(`ADMIN_RECON_KIND_${d.kind.toUpperCase()}`)}</td>
            <td>{t(`ADMIN_RECON_METHOD_${d.method.toUpperCase()}`)}</td>
            <td>
              <bdi dir="ltr">
                {formatDate(d.created_at)} {d.created_at.slice(11, 16)} UTC
              </bdi>
            </td>
            <td dir="ltr">
              <code>{d.voucher_ref ?? d.transaction_id.slice(0, 8)}</code>
            </td>
            <td dir="ltr">{d.email ?? '—'}</td>
            <td>
              <Money minor={d.amount} currency={d.currency} /> <small>{t(`PAYMENT_STATE_${d.state.toUpperCase()}`)}</small>
            </td>
            <td>{d.network_amount !== null && d.network_currency ? <Money minor={d.network_amount} currency={d.network_currency} /> : t('ADMIN_RECON_UNCONFIRMED')}</td>
            <td>{d.agency ?? '—'}</td>
          </tr>
        ))}
      </Part>
      <OffsetPager base="/admin/reconciliation" query={diffQuery} offset={offset} limit={50} next={differences.next_offset} label={t('ADMIN_RECON_DIFFERENCES')} />

      <Part
        id="recon-vouchers"
        title={t('ADMIN_RECON_VOUCHERS')}
        empty={t('ADMIN_RECON_VOUCHERS_EMPTY')}
        csv={csv('vouchers')}
        rows={summary.vouchers.length}
        columns={[t('ADMIN_RECON_DAY'), t('ADMIN_COUPONS_CURRENCY'), t('ADMIN_RECON_ISSUED'), t('ADMIN_RECON_PAID'), t('ADMIN_RECON_EXPIRED'), t('ADMIN_RECON_WAITING'), t('ADMIN_RECON_CANCELLED')]}
      >
        {summary.vouchers.map((v) => (
          <tr key={`${v.day}-${v.currency}`}>
            <td>{day(v.day)}</td>
            <td dir="ltr">{v.currency}</td>
            <td>
              <CountAmount n={v.issued} minor={v.issued_amount} currency={v.currency} />
            </td>
            <td>
              <CountAmount n={v.paid} minor={v.paid_amount} currency={v.currency} />
            </td>
            <td>
              <CountAmount n={v.expired} minor={v.expired_amount} currency={v.currency} />
            </td>
            <td>
              <CountAmount n={v.waiting} minor={v.waiting_amount} currency={v.currency} />
            </td>
            <td>
              <Count n={v.cancelled} />
            </td>
          </tr>
        ))}
      </Part>

      <Part
        id="recon-agencies"
        title={t('ADMIN_RECON_AGENCIES')}
        empty={t('ADMIN_RECON_AGENCIES_EMPTY')}
        csv={csv('agencies')}
        rows={summary.agencies.length}
        columns={[t('ADMIN_RECON_DAY'), t('ADMIN_RECON_AGENCY'), t('ADMIN_RECON_PAID')]}
      >
        {summary.agencies.map((a) => (
          <tr key={`${a.day}-${a.agency ?? ''}-${a.currency}`}>
            <td>{day(a.day)}</td>
            <td dir="ltr">{a.agency ?? t('ADMIN_RECON_AGENCY_UNKNOWN')}</td>
            <td>
              <CountAmount n={a.paid} minor={a.amount} currency={a.currency} />
            </td>
          </tr>
        ))}
      </Part>

      <Part
        id="recon-agents"
        title={t('ADMIN_RECON_AGENTS')}
        empty={t('ADMIN_RECON_AGENTS_EMPTY')}
        csv={csv('agents')}
        rows={summary.agents.length}
        columns={[t('ADMIN_RECON_DAY'), t('ADMIN_RECON_AGENT'), t('ADMIN_RECON_COLLECTED'), t('ADMIN_RECON_CONFIRMED'), t('ADMIN_RECON_WAITING')]}
      >
        {summary.agents.map((a) => (
          <tr key={`${a.day}-${a.agent_id}-${a.currency}`} className={a.confirmed_amount !== a.collected_amount ? 'console__recon-gap' : undefined}>
            <td>{day(a.day)}</td>
            <td>{a.agent_name ?? a.agent_id}</td>
            <td>
              <CountAmount n={a.collected} minor={a.collected_amount} currency={a.currency} />
            </td>
            <td>
              <CountAmount n={a.confirmed} minor={a.confirmed_amount} currency={a.currency} />
            </td>
            <td>
              <Count n={a.waiting} />
            </td>
          </tr>
        ))}
      </Part>

      <Part
        id="recon-mobile"
        title={t('ADMIN_RECON_MOBILE')}
        empty={t('ADMIN_RECON_MOBILE_EMPTY')}
        csv={csv('mobile')}
        rows={summary.mobile.length}
        columns={[t('ADMIN_RECON_DAY'), t('ADMIN_COUPONS_CURRENCY'), t('ADMIN_RECON_STARTED'), t('ADMIN_RECON_ACCEPTED'), t('ADMIN_RECON_FAILED'), t('ADMIN_RECON_CONFIRMED')]}
      >
        {summary.mobile.map((m) => (
          <tr key={`${m.day}-${m.currency}`}>
            <td>{day(m.day)}</td>
            <td dir="ltr">{m.currency}</td>
            <td>
              <Count n={m.started} />
            </td>
            <td>
              <CountAmount n={m.accepted} minor={m.accepted_amount} currency={m.currency} />
            </td>
            <td>
              <Count n={m.failed} />
            </td>
            <td>
              <CountAmount n={m.confirmed} minor={m.confirmed_amount} currency={m.currency} />
            </td>
          </tr>
        ))}
      </Part>
    </section>
  );
}
