import type { z } from 'zod';
import type { RefundList, RefundView } from '../../../worker/api/payments/refunds/schemas';
import { REFUND_STATES } from '../../../worker/api/payments/refunds/schemas';
import { formatMoney } from '../../../worker/rules/money';
import { PAYMENT_METHODS } from '../../../worker/rules/payment-methods';
import { CURRENCIES } from '../../../worker/rules/subscription';
import { Field } from '../../components/Form';
import { FormNote, type FormState } from '../../components/FormState';
import { formatDate, useI18n } from '../../i18n';
import { SelectField } from './ConsoleFields';
import { ConsoleTable } from './ConsoleTable';

export type RefundFilter = { from: string; to: string; provider: string; method: string; currency: string; staff: string; state: string };
export const REFUND_FILTER_FIELDS = ['from', 'to', 'provider', 'method', 'currency', 'staff', 'state'] as const;
export const refundQuery = (filter: RefundFilter): string => new URLSearchParams(Object.entries(filter).filter(([, v]) => v)).toString();

/** When, to the minute, in UTC. */
export const whenUtc = (iso: string) => `${formatDate(iso)} ${iso.slice(11, 16)} UTC`;

/** An amount as a person reads it, isolated from the text around it (Arabic pages). */
export function Money({ minor, currency }: { minor: number; currency: RefundView['currency'] }) {
  const { lang } = useI18n();
  return <bdi className="console__refunds-money">{formatMoney(lang, minor, currency)}</bdi>;
}

/** A refund's state: done, refused by the provider (why), or waiting for the provider. */
export function RefundState({ refund }: { refund: RefundView }) {
  const { t } = useI18n();
  return (
    <span className={`console__refunds-state console__refunds-state--${refund.state}`}>
      {t(`ADMIN_REFUNDS_STATE_${refund.state.toUpperCase()}`)}
      {refund.error && (
        <>
          {' '}
          <small dir="auto">({refund.error})</small>
        </>
      )}
    </span>
  );
}

/** The refunds of a list or of one payment, each with its credit note (`withEffect`: the subscription's fate, for what a subscription payment's refunds decide). */
export function RefundsTable({ refunds, withPayment, withEffect = true }: { refunds: RefundView[]; withPayment: boolean; withEffect?: boolean }) {
  const { t } = useI18n();
  return (
    <ConsoleTable
      caption={t('ADMIN_REFUNDS')}
      columns={[t('ADMIN_REFUNDS_WHEN'), withPayment && t('ADMIN_REFUNDS_CUSTOMER'), withPayment && t('ADMIN_REFUNDS_PAYMENT'), t('ADMIN_REFUNDS_AMOUNT'), withEffect && t('ADMIN_REFUNDS_EFFECT'), t('ADMIN_REASON'), t('ADMIN_REFUNDS_BY'), t('ADMIN_REFUNDS_STATE'), t('ADMIN_REFUNDS_CREDIT_NOTE')]}
    >
      {refunds.map((r) => (
        <tr key={r.id}>
          <td>
            <bdi dir="ltr">{whenUtc(r.created_at)}</bdi>
          </td>
          {withPayment && <td dir="ltr">{r.customer.email ?? r.customer.id}</td>}
          {withPayment && (
            <td>
              <a href={`/admin/refunds/payments/${r.transaction_id}`}>
                {t(`PAYMENT_METHOD_${r.method.toUpperCase()}`)} · <bdi dir="ltr">{r.provider}</bdi>
              </a>
            </td>
          )}
          <td>
            <Money minor={r.amount} currency={r.currency} />
            {r.manual && (
              <>
                <br />
                <small>{t('ADMIN_REFUNDS_MANUAL')}</small>
              </>
            )}
          </td>
          {withEffect && <td>{t(`ADMIN_REFUNDS_EFFECT_${r.effect.toUpperCase()}`)}</td>}
          <td dir="auto">{r.reason}</td>
          <td dir="ltr">{r.staff.email ?? r.staff.id ?? ''}</td>
          <td>
            <RefundState refund={r} />
          </td>
          <td>
            {r.credit_note ? (
              <a href={r.credit_note.pdf} aria-label={t('ADMIN_REFUNDS_CREDIT_NOTE_PDF', { number: r.credit_note.number })} className="console__refunds-nowrap">
                <bdi dir="ltr">{r.credit_note.number} (PDF)</bdi>
              </a>
            ) : (
              '—'
            )}
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

/**
 * The refunds (issue 32): every refund made, newest first, filtered by dates, provider, method,
 * currency, staff member and state, exported as CSV; and the search of the payment to refund, by
 * its transaction id or invoice number.
 */
export function RefundsPage({ list, filter, q, canRefund, form }: { list: z.infer<typeof RefundList>; filter: RefundFilter; q: string; canRefund: boolean; form?: FormState }) {
  const { t } = useI18n();
  const query = refundQuery(filter);
  const filtered = query !== '';
  return (
    <section aria-labelledby="refunds-title">
      <div className="console__support-head">
        <h1 id="refunds-title">{t('ADMIN_REFUNDS')}</h1>
        <a className="button button--ghost" href="/admin/refunds/due">
          {t('ADMIN_REFUNDS_DUE')}
        </a>
      </div>
      <FormNote message={form?.message} />
      <form method="get" action="/admin/refunds" className="console__filters console__panel console__refunds-search" role="search" aria-labelledby="payment-search-title">
        <h2 id="payment-search-title">{t(canRefund ? 'ADMIN_REFUNDS_FIND_PAYMENT' : 'ADMIN_REFUNDS_FIND_PAYMENT_READ')}</h2>
        <Field name="q" label={t('ADMIN_REFUNDS_PAYMENT_QUERY')} type="search" defaultValue={q} dir="ltr" required maxLength={100} hint={t('ADMIN_REFUNDS_PAYMENT_QUERY_HINT')} />
        <button className="button button--primary" type="submit">
          {t('ADMIN_REFUNDS_FIND')}
        </button>
      </form>
      <h2 id="refunds-list-title">{t('ADMIN_REFUNDS_MADE')}</h2>
      <form method="get" action="/admin/refunds" className="console__filters" role="search" aria-label={t('ADMIN_FILTER')}>
        <Field name="from" label={t('ADMIN_FROM')} type="date" defaultValue={filter.from} />
        <Field name="to" label={t('ADMIN_TO')} type="date" defaultValue={filter.to} />
        <SelectField id="filter-method" name="method" label={t('PAYMENT_METHOD')} value={filter.method} any={t('ADMIN_REFUNDS_ALL')} options={PAYMENT_METHODS.map((m) => [m, t(`PAYMENT_METHOD_${m.toUpperCase()}`)] as const)} />
        <Field name="provider" label={t('ADMIN_REFUNDS_PROVIDER')} defaultValue={filter.provider} dir="ltr" pattern="[a-z]{2,20}" />
        <SelectField id="filter-currency" name="currency" label={t('ADMIN_REFUNDS_CURRENCY')} value={filter.currency} any={t('ADMIN_REFUNDS_ALL')} options={CURRENCIES.map((c) => [c, c] as const)} />
        <SelectField id="filter-state" name="state" label={t('ADMIN_REFUNDS_STATE')} value={filter.state} any={t('ADMIN_REFUNDS_ALL')} options={REFUND_STATES.map((st) => [st, t(`ADMIN_REFUNDS_STATE_${st.toUpperCase()}`)] as const)} />
        <Field name="staff" label={t('ADMIN_REFUNDS_BY')} defaultValue={filter.staff} dir="ltr" />
        <button className="button button--secondary" type="submit">
          {t('ADMIN_FILTER')}
        </button>
        <a className="button button--ghost" href={`/admin/refunds.csv${query ? `?${query}` : ''}`} download>
          {t('ADMIN_EXPORT_CSV')}
        </a>
      </form>
      {list.refunds.length === 0 ? (
        <p className="console__empty">{t(filtered ? 'ADMIN_REFUNDS_EMPTY_FILTERED' : 'ADMIN_REFUNDS_EMPTY')}</p>
      ) : (
        <RefundsTable refunds={list.refunds} withPayment />
      )}
      {list.next_cursor !== null && (
        <a className="button button--secondary" href={`/admin/refunds?${query ? `${query}&` : ''}cursor=${encodeURIComponent(list.next_cursor)}`}>
          {t('ADMIN_REFUNDS_OLDER')}
        </a>
      )}
    </section>
  );
}
