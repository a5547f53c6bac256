import type { CouponDetail } from '../../../worker/api/payments/coupons-admin/schemas';
import type { Plan } from '../../../worker/api/payments/schemas';
import { formatMoney } from '../../../worker/rules/money';
import { Field } from '../../components/Form';
import { FormNote, type FormState } from '../../components/FormState';
import { formatDate, useI18n } from '../../i18n';
import { CouponStatus, CouponValue, OffsetPager, Uses, Validity } from './CouponParts';
import { ConsoleTable } from './ConsoleTable';

const when = (iso: string) => `${formatDate(iso)} ${iso.slice(11, 16)} UTC`;

/** One coupon: its terms, its uses (who, when, which payment), new dates or quota, disabling it. */
export function CouponDetailPage({ detail, offset, plans, canWrite, form, intent }: { detail: CouponDetail; offset: number; plans: readonly Plan[]; canWrite: boolean; form?: FormState; intent?: string }) {
  const { t, lang } = useI18n();
  const { coupon, uses } = detail;
  const planNames = coupon.plan_ids?.map((id) => plans.find((p) => p.id === id)?.name[lang] ?? `#${id}`);
  const self = `/admin/coupons/${coupon.code}`;
  return (
    <section aria-labelledby="coupon-title">
      <p>
        <a href="/admin/coupons">{t('ADMIN_COUPONS_BACK')}</a>
      </p>
      <h1 id="coupon-title">
        {t('ADMIN_COUPONS_COUPON')} <code dir="ltr">{coupon.code}</code> <CouponStatus status={coupon.status} />
      </h1>
      <dl className="console__coupons-terms">
        <dt>{t('ADMIN_COUPONS_GIVES')}</dt>
        <dd>
          <CouponValue coupon={coupon} />
        </dd>
        <dt>{t('ADMIN_COUPONS_CURRENCY')}</dt>
        <dd>{coupon.currency ?? t('ADMIN_COUPONS_ANY_CURRENCY')}</dd>
        <dt>{t('ADMIN_COUPONS_PLANS')}</dt>
        <dd>{planNames ? new Intl.ListFormat(lang).format(planNames) : t('ADMIN_COUPONS_ALL_PLANS')}</dd>
        <dt>{t('ADMIN_COUPONS_VALIDITY')}</dt>
        <dd>
          <Validity from={coupon.starts_at} to={coupon.ends_at} />
        </dd>
        <dt>{t('ADMIN_COUPONS_USES')}</dt>
        <dd>
          <Uses uses={coupon.uses} quota={coupon.quota} />
        </dd>
        {coupon.batch_id && (
          <>
            <dt>{t('ADMIN_COUPONS_BATCH_ONE')}</dt>
            <dd>
              <a href={`/admin/coupons?batch=${coupon.batch_id}`}>{t('ADMIN_COUPONS_BATCH_SEE')}</a>
            </dd>
          </>
        )}
      </dl>

      <section aria-labelledby="uses-title">
        <h2 id="uses-title">{t('ADMIN_COUPONS_USES_TITLE')}</h2>
        {uses.length === 0 ? (
          <p className="console__empty">{t('ADMIN_COUPONS_USES_EMPTY')}</p>
        ) : (
          <ConsoleTable
            caption={t('ADMIN_COUPONS_USES_TITLE')}
            columns={[t('ADMIN_AUDIT_WHEN'), t('ADMIN_ACCOUNT'), t('ADMIN_COUPONS_PAYMENT'), t('ADMIN_COUPONS_PAID'), t('ADMIN_COUPONS_DISCOUNT'), t('ADMIN_COUPONS_PAYMENT_STATE')]}
          >
            {uses.map((use) => (
              <tr key={use.transaction_id}>
                <td>
                  <bdi dir="ltr">{when(use.redeemed_at)}</bdi>
                </td>
                <td dir="ltr">
                  {use.email ?? use.phone ?? use.user_id}
                </td>
                <td dir="ltr">
                  <code>{use.transaction_id}</code>
                </td>
                <td>{use.amount !== null && use.currency ? <bdi dir="ltr">{formatMoney(lang, use.amount, use.currency)}</bdi> : '—'}</td>
                <td>{use.discount !== null && use.currency ? <bdi dir="ltr">{formatMoney(lang, use.discount, use.currency)}</bdi> : '—'}</td>
                <td>{use.state ? t(`PAYMENT_STATE_${use.state.toUpperCase()}`) : '—'}</td>
              </tr>
            ))}
          </ConsoleTable>
        )}
        <OffsetPager base={self} query="" offset={offset} limit={50} next={detail.next_offset} label={t('ADMIN_COUPONS_USES_TITLE')} />
      </section>

      {canWrite && coupon.status !== 'disabled' && (
        <div className="console__coupons-forms">
          <form method="post" action={self} className="console__form console__panel" aria-labelledby="edit-title">
            <h2 id="edit-title">{t('ADMIN_COUPONS_EDIT')}</h2>
            {intent === 'edit' && <FormNote message={form?.message} />}
            <input type="hidden" name="intent" value="edit" />
            <Field id="edit-starts" name="starts_at" type="date" label={t('ADMIN_COUPONS_STARTS')} defaultValue={form?.values?.starts_at ?? coupon.starts_at.slice(0, 10)} />
            <Field id="edit-ends" name="ends_at" type="date" label={t('ADMIN_COUPONS_ENDS')} defaultValue={form?.values?.ends_at ?? coupon.ends_at.slice(0, 10)} />
            <Field id="edit-quota" name="quota" type="number" min={Math.max(1, coupon.uses)} label={t('ADMIN_COUPONS_QUOTA')} hint={t('ADMIN_COUPONS_QUOTA_MIN', { uses: coupon.uses })} dir="ltr" defaultValue={form?.values?.quota ?? String(coupon.quota)} />
            <Field id="edit-reason" name="reason" label={t('ADMIN_REASON')} required minLength={3} maxLength={500} defaultValue={intent === 'edit' ? form?.values?.reason : undefined} />
            <button className="button button--primary" type="submit">
              {t('ADMIN_COUPONS_SAVE')}
            </button>
          </form>
          <form method="post" action={self} className="console__form console__panel" aria-labelledby="disable-title">
            <h2 id="disable-title">{t('ADMIN_COUPONS_DISABLE')}</h2>
            {intent === 'disable' && <FormNote message={form?.message} />}
            <p>{t('ADMIN_COUPONS_DISABLE_EXPLAIN')}</p>
            <input type="hidden" name="intent" value="disable" />
            <Field id="disable-reason" name="reason" label={t('ADMIN_REASON')} required minLength={3} maxLength={500} />
            <label className="console__coupons-check">
              <input type="checkbox" name="confirm" value="yes" required /> {t('ADMIN_COUPONS_DISABLE_CONFIRM', { code: coupon.code })}
            </label>
            <button className="button button--secondary" type="submit">
              {t('ADMIN_COUPONS_DISABLE_BUTTON')}
            </button>
          </form>
        </div>
      )}
    </section>
  );
}
