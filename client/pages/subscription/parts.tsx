import type { Plan, SubscriptionView, Transaction } from '../../../worker/api/payments/schemas';
import { periodDays, type Currency } from '../../../worker/rules/subscription';
import { formatMoney } from '../../../worker/rules/money';
import { DEFAULT_TIME_ZONE } from '../../../worker/rules/live-tv';
import { zonedDate } from '../../../worker/rules/zones';
import { formatDate, formatNumber, useI18n, type Lang, type Translate } from '../../i18n';

/** A price as people read it in their language (one rule for pages, emails and invoices: worker/rules/money.ts). */
export { formatMoney };

export function Money({ minor, currency }: { minor: number; currency: Currency }) {
  const { lang } = useI18n();
  return <bdi className="money">{formatMoney(lang, minor, currency)}</bdi>;
}

/** "per month", "per 3 months", "for 1 day"… from the plan's duration (spec §9 durations). */
export function periodKey(duration: number): { key: string; params?: Record<string, number> } {
  const days = periodDays(duration);
  if (days === 1) return { key: 'PLAN_PERIOD_DAY' };
  if (days === 7) return { key: 'PLAN_PERIOD_WEEK' };
  if (days === 14) return { key: 'PLAN_PERIOD_TWO_WEEKS' };
  if (days === 30) return { key: 'PLAN_PERIOD_MONTH' };
  if (days === 360 || days === 365) return { key: 'PLAN_PERIOD_YEAR' };
  if (days % 30 === 0) return { key: 'PLAN_PERIOD_MONTHS', params: { count: days / 30 } };
  return { key: 'PLAN_PERIOD_DAYS', params: { count: days } };
}

export function Period({ duration }: { duration: number }) {
  const { t } = useI18n();
  const { key, params } = periodKey(duration);
  return <span className="plan__period">{t(key, params)}</span>;
}

/** The label of the way back after paying: to the channel or the title the person came from, else to start watching. */
export const backLabel = (returnTo: string | null): string => (returnTo === null ? 'START_WATCHING' : returnTo.startsWith('/tv/') ? 'BACK_TO_CHANNEL' : 'BACK_TO_TITLE');

export const planName = (plan: Pick<Plan, 'name'> | undefined, lang: Lang): string => plan?.name[lang] ?? '';

/** The state machine's state as a badge (trialing, active, cancelled until the end, past due, pending, expired). */
export function StateBadge({ view, cancelled }: { view: Pick<SubscriptionView, 'state'>; cancelled: boolean }) {
  const { t } = useI18n();
  if (view.state === null) return <span className="badge">{t('FREE_PLAN')}</span>;
  const key = cancelled && (view.state === 'active' || view.state === 'trialing') ? 'SUBSCRIPTION_STATE_CANCELLED' : `SUBSCRIPTION_STATE_${view.state.toUpperCase()}`;
  const tone = view.state === 'past_due' || view.state === 'pending' ? 'badge--warn' : view.state === 'expired' ? '' : 'badge--premium';
  return <span className={`badge ${tone}`}>{t(key)}</span>;
}

/** A transaction's state in words (waiting for validation, accepted, failed…). */
export function TransactionState({ tx }: { tx: Pick<Transaction, 'state'> }) {
  const { t } = useI18n();
  const tone = tx.state === 'accepted' ? 'badge--ok' : tx.state === 'pending' ? 'badge--warn' : tx.state === 'failed' ? 'badge--danger' : '';
  return <span className={`badge ${tone}`}>{t(`PAYMENT_STATE_${tx.state.toUpperCase()}`)}</span>;
}

export function DateText({ iso }: { iso: string }) {
  return <time dateTime={iso.slice(0, 10)}>{formatDate(iso)}</time>;
}


/** A moment with its time, in Morocco's clock (vouchers are paid at Moroccan agencies), DD/MM/YYYY HH:MM with Latin digits. */
export function formatMoroccoTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(zonedDate(Date.parse(iso) / 1000, DEFAULT_TIME_ZONE));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

export function MoroccoTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} dir="ltr">
      {formatMoroccoTime(iso)}
    </time>
  );
}

/** How a payment was made, in words. */
export function MethodName({ method }: { method: Transaction['method'] }) {
  const { t } = useI18n();
  return <>{t(`PAYMENT_METHOD_${method.toUpperCase()}`)}</>;
}
