import type { CouponView } from '../../../worker/api/payments/coupons-admin/schemas';
import { formatMoney } from '../../../worker/rules/money';
import { formatDate, formatNumber, useI18n } from '../../i18n';

/** What a coupon gives, as a person reads it: "20 %", "10,00 MAD", "7 free days". */
export function CouponValue({ coupon }: { coupon: Pick<CouponView, 'kind' | 'value' | 'currency'> }) {
  const { t, lang } = useI18n();
  if (coupon.kind === 'amount' && coupon.currency) return <bdi dir="ltr">{formatMoney(lang, coupon.value, coupon.currency)}</bdi>;
  if (coupon.kind === 'percent') return <bdi dir="ltr">{formatNumber(lang, coupon.value)} %</bdi>;
  return <>{t('ADMIN_COUPONS_FREE_DAYS', { count: coupon.value })}</>;
}

/** A coupon's status as a badge: active, scheduled, expired, disabled. */
export function CouponStatus({ status }: { status: CouponView['status'] }) {
  const { t } = useI18n();
  return <span className={`console__coupons-status console__coupons-status--${status}`}>{t(`ADMIN_COUPONS_STATUS_${status.toUpperCase()}`)}</span>;
}

/** From one day to another (UTC), left to right in every language. */
export function Validity({ from, to }: { from: string; to: string }) {
  return (
    <bdi dir="ltr">
      {formatDate(from)} → {formatDate(to)}
    </bdi>
  );
}

/** Uses against the quota: "3 / 10". */
export function Uses({ uses, quota }: { uses: number; quota: number }) {
  const { lang } = useI18n();
  return (
    <bdi dir="ltr">
      {formatNumber(lang, uses)} / {formatNumber(lang, quota)}
    </bdi>
  );
}

/** Previous and next page links of a list paged by offset (none when there is one page). */
export function OffsetPager({ base, query, offset, limit, next, label }: { base: string; query: string; offset: number; limit: number; next: number | null; label: string }) {
  const { t } = useI18n();
  if (offset === 0 && next === null) return null;
  const href = (at: number) => `${base}?${query ? `${query}&` : ''}offset=${at}`;
  return (
    <nav className="console__coupons-pager" aria-label={label}>
      {offset > 0 && (
        <a className="button button--secondary" href={href(Math.max(0, offset - limit))} rel="prev">
          {t('PREVIOUS')}
        </a>
      )}
      {next !== null && (
        <a className="button button--secondary" href={href(next)} rel="next">
          {t('NEXT')}
        </a>
      )}
    </nav>
  );
}
