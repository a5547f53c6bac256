import type { BatchList, CouponList } from '../../../worker/api/payments/coupons-admin/schemas';
import { BATCH_MAX, COUPON_KINDS, COUPON_STATUSES } from '../../../worker/api/payments/coupons-admin/schemas';
import type { Plan } from '../../../worker/api/payments/schemas';
import { CURRENCIES } from '../../../worker/rules/subscription';
import { Field } from '../../components/Form';
import { FormNote, type FormState } from '../../components/FormState';
import { formatDate, formatNumber, useI18n } from '../../i18n';
import { CouponStatus, CouponValue, OffsetPager, Uses, Validity } from './CouponParts';
import { ConsoleTable } from './ConsoleTable';

export type CouponFilter = { q: string; status: string; batch: string };

/** The terms shared by one coupon and a batch: what it gives, in which currency, for which plans, when. */
function TermsFields({ prefix, plans, form }: { prefix: string; plans: readonly Plan[]; form?: FormState }) {
  const { t, lang } = useI18n();
  const v = form?.values ?? {};
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${prefix}-kind`}>
          {t('ADMIN_COUPONS_KIND')}
        </label>
        <select className="field__input" id={`${prefix}-kind`} name="kind" defaultValue={v.kind ?? 'percent'}>
          {COUPON_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`ADMIN_COUPONS_KIND_${kind.toUpperCase()}`)}
            </option>
          ))}
        </select>
      </div>
      <Field id={`${prefix}-value`} name="value" label={t('ADMIN_COUPONS_VALUE')} hint={t('ADMIN_COUPONS_VALUE_HINT')} inputMode="decimal" required dir="ltr" defaultValue={v.value} />
      <div className="field">
        <label className="field__label" htmlFor={`${prefix}-currency`}>
          {t('ADMIN_COUPONS_CURRENCY')}
        </label>
        <select className="field__input" id={`${prefix}-currency`} name="currency" defaultValue={v.currency ?? ''}>
          <option value="">{t('ADMIN_COUPONS_ANY_CURRENCY')}</option>
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="console__coupons-plans">
        <legend className="field__label">{t('ADMIN_COUPONS_PLANS')}</legend>
        <p className="field__hint">{t('ADMIN_COUPONS_PLANS_HINT')}</p>
        {plans.map((plan) => (
          <label key={plan.id} className="console__coupons-check">
            <input type="checkbox" name={`plan_${plan.id}`} value="on" defaultChecked={v[`plan_${plan.id}`] === 'on'} /> {plan.name[lang]}
          </label>
        ))}
      </fieldset>
      <Field id={`${prefix}-starts`} name="starts_at" type="date" label={t('ADMIN_COUPONS_STARTS')} hint={t('ADMIN_COUPONS_STARTS_HINT')} defaultValue={v.starts_at} />
      <Field id={`${prefix}-ends`} name="ends_at" type="date" label={t('ADMIN_COUPONS_ENDS')} hint={t('ADMIN_COUPONS_ENDS_HINT')} defaultValue={v.ends_at} />
    </>
  );
}

/** Coupons: search and filter, the list paged, a new coupon, a batch of codes and the batches with their CSV. */
export function CouponListPage({ list, batches, filter, query, offset, plans, canWrite, form, intent }: { list: CouponList; batches: BatchList; filter: CouponFilter; query: string; offset: number; plans: readonly Plan[]; canWrite: boolean; form?: FormState; intent?: string }) {
  const { t, lang } = useI18n();
  const filtered = Boolean(filter.q || filter.status || filter.batch);
  return (
    <section aria-labelledby="coupons-title">
      <h1 id="coupons-title">{t('ADMIN_COUPONS')}</h1>
      <form method="get" action="/admin/coupons" className="console__filters" role="search" aria-label={t('ADMIN_FILTER')}>
        <Field name="q" type="search" label={t('ADMIN_COUPONS_SEARCH')} defaultValue={filter.q} dir="ltr" autoCapitalize="characters" />
        <div className="field">
          <label className="field__label" htmlFor="filter-status">
            {t('ADMIN_COUPONS_STATUS')}
          </label>
          <select className="field__input" id="filter-status" name="status" defaultValue={filter.status}>
            <option value="">{t('ADMIN_COUPONS_ALL_STATUSES')}</option>
            {COUPON_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`ADMIN_COUPONS_STATUS_${s.toUpperCase()}`)}
              </option>
            ))}
          </select>
        </div>
        {filter.batch && <input type="hidden" name="batch" value={filter.batch} />}
        <button className="button button--secondary" type="submit">
          {t('ADMIN_FILTER')}
        </button>
        {filtered && (
          <a className="button button--ghost" href="/admin/coupons">
            {t('ADMIN_COUPONS_CLEAR')}
          </a>
        )}
      </form>
      {filter.batch && (
        <p className="console__coupons-batch-note">
          {t('ADMIN_COUPONS_BATCH_SHOWN')}{' '}
          <a href={`/admin/coupons/batches/${filter.batch}.csv`} download>
            {t('ADMIN_COUPONS_DOWNLOAD_CSV')}
          </a>
        </p>
      )}
      {list.coupons.length === 0 ? (
        <p className="console__empty">{filtered ? t('ADMIN_COUPONS_EMPTY_FILTERED') : t('ADMIN_COUPONS_EMPTY')}</p>
      ) : (
        <ConsoleTable
          caption={t('ADMIN_COUPONS')}
          columns={[canWrite && { hidden: t('ADMIN_COUPONS_SELECT') }, t('ADMIN_COUPONS_CODE'), t('ADMIN_COUPONS_GIVES'), t('ADMIN_COUPONS_VALIDITY'), t('ADMIN_COUPONS_USES'), t('ADMIN_COUPONS_STATUS')]}
        >
          {list.coupons.map((coupon) => (
            <tr key={coupon.code}>
              {canWrite && (
                <td>
                  {coupon.status !== 'disabled' && (
                    <input className="console__coupons-select" type="checkbox" form="coupons-bulk" name={`code_${coupon.code}`} value="on" aria-label={t('ADMIN_COUPONS_SELECT_ONE', { code: coupon.code })} />
                  )}
                </td>
              )}
              <td dir="ltr">
                <a href={`/admin/coupons/${coupon.code}`}>
                  <code>{coupon.code}</code>
                </a>
              </td>
              <td>
                <CouponValue coupon={coupon} />
              </td>
              <td>
                <Validity from={coupon.starts_at} to={coupon.ends_at} />
              </td>
              <td>
                <Uses uses={coupon.uses} quota={coupon.quota} />
              </td>
              <td>
                <CouponStatus status={coupon.status} />
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      <OffsetPager base="/admin/coupons" query={query} offset={offset} limit={50} next={list.next_offset} label={t('ADMIN_COUPONS')} />
      {canWrite && list.coupons.some((c) => c.status !== 'disabled') && (
        <form id="coupons-bulk" method="post" action={`/admin/coupons${query ? `?${query}` : ''}`} className="console__form console__panel" aria-labelledby="bulk-title">
          <h2 id="bulk-title">{t('ADMIN_COUPONS_BULK')}</h2>
          {intent === 'bulk' && <FormNote message={form?.message} />}
          <p>{t('ADMIN_COUPONS_BULK_EXPLAIN')}</p>
          <input type="hidden" name="intent" value="bulk" />
          <Field id="bulk-reason" name="reason" label={t('ADMIN_REASON')} required minLength={3} maxLength={500} />
          <label className="console__coupons-check">
            <input type="checkbox" name="confirm" value="yes" required /> {t('ADMIN_COUPONS_BULK_CONFIRM')}
          </label>
          <button className="button button--secondary" type="submit">
            {t('ADMIN_COUPONS_BULK_BUTTON')}
          </button>
        </form>
      )}

      {canWrite && (
        <div className="console__coupons-forms">
          <form method="post" action="/admin/coupons" className="console__form console__panel" aria-labelledby="create-title">
            <h2 id="create-title">{t('ADMIN_COUPONS_CREATE')}</h2>
            {intent === 'create' && <FormNote message={form?.message} />}
            <input type="hidden" name="intent" value="create" />
            <Field id="create-code" name="code" label={t('ADMIN_COUPONS_CODE')} hint={t('ADMIN_COUPONS_CODE_HINT')} dir="ltr" autoCapitalize="characters" maxLength={32} defaultValue={intent === 'create' ? form?.values?.code : undefined} />
            <TermsFields prefix="create" plans={plans} form={intent === 'create' ? form : undefined} />
            <Field id="create-quota" name="quota" type="number" min={1} label={t('ADMIN_COUPONS_QUOTA')} hint={t('ADMIN_COUPONS_QUOTA_HINT')} required dir="ltr" defaultValue={intent === 'create' ? form?.values?.quota : undefined} />
            <Field id="create-reason" name="reason" label={t('ADMIN_REASON')} required minLength={3} maxLength={500} defaultValue={intent === 'create' ? form?.values?.reason : undefined} />
            <button className="button button--primary" type="submit">
              {t('ADMIN_COUPONS_CREATE_BUTTON')}
            </button>
          </form>
          <form method="post" action="/admin/coupons" className="console__form console__panel" aria-labelledby="batch-title">
            <h2 id="batch-title">{t('ADMIN_COUPONS_BATCH')}</h2>
            {intent === 'batch' && <FormNote message={form?.message} />}
            <input type="hidden" name="intent" value="batch" />
            <Field id="batch-count" name="count" type="number" min={1} max={BATCH_MAX} label={t('ADMIN_COUPONS_BATCH_COUNT')} hint={t('ADMIN_COUPONS_BATCH_COUNT_HINT', { max: formatNumber(lang, BATCH_MAX) })} required dir="ltr" defaultValue={intent === 'batch' ? form?.values?.count : undefined} />
            <Field id="batch-prefix" name="prefix" label={t('ADMIN_COUPONS_BATCH_PREFIX')} hint={t('ADMIN_COUPONS_BATCH_PREFIX_HINT')} dir="ltr" autoCapitalize="characters" maxLength={12} defaultValue={intent === 'batch' ? form?.values?.prefix : undefined} />
            <TermsFields prefix="batch" plans={plans} form={intent === 'batch' ? form : undefined} />
            <Field id="batch-quota" name="quota" type="number" min={1} label={t('ADMIN_COUPONS_BATCH_QUOTA')} hint={t('ADMIN_COUPONS_BATCH_QUOTA_HINT')} dir="ltr" defaultValue={intent === 'batch' ? (form?.values?.quota ?? '1') : '1'} />
            <Field id="batch-reason" name="reason" label={t('ADMIN_REASON')} required minLength={3} maxLength={500} defaultValue={intent === 'batch' ? form?.values?.reason : undefined} />
            <button className="button button--primary" type="submit">
              {t('ADMIN_COUPONS_BATCH_BUTTON')}
            </button>
          </form>
        </div>
      )}

      <section aria-labelledby="batches-title">
        <h2 id="batches-title">{t('ADMIN_COUPONS_BATCHES')}</h2>
        {batches.batches.length === 0 ? (
          <p className="console__empty">{t('ADMIN_COUPONS_BATCHES_EMPTY')}</p>
        ) : (
          <ConsoleTable
            caption={t('ADMIN_COUPONS_BATCHES')}
            columns={[t('ADMIN_COUPONS_BATCH_MADE'), t('ADMIN_COUPONS_BATCH_PREFIX'), t('ADMIN_COUPONS_BATCH_COUNT'), t('ADMIN_COUPONS_GIVES'), t('ADMIN_COUPONS_VALIDITY'), t('ADMIN_COUPONS_BATCH_USED'), t('ADMIN_COUPONS_BATCH_CODES')]}
          >
            {batches.batches.map((batch) => (
              <tr key={batch.id}>
                <td>
                  <bdi dir="ltr">{formatDate(batch.created_at)}</bdi> <small dir="ltr">{batch.created_by}</small>
                </td>
                <td dir="ltr">{batch.prefix || '—'}</td>
                <td dir="ltr">{formatNumber(lang, batch.count)}</td>
                <td>
                  <CouponValue coupon={batch} />
                </td>
                <td>
                  <Validity from={batch.starts_at} to={batch.ends_at} />
                </td>
                <td dir="ltr">{formatNumber(lang, batch.used)}</td>
                <td className="console__coupons-links">
                  <a href={`/admin/coupons?batch=${batch.id}`}>{t('ADMIN_COUPONS_BATCH_SEE')}</a>
                  <a href={`/admin/coupons/batches/${batch.id}.csv`} download>
                    {t('ADMIN_COUPONS_DOWNLOAD_CSV')}
                  </a>
                </td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </section>
    </section>
  );
}
