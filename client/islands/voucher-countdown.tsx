import { useEffect, useState } from 'react';
import { timeLeft } from '../../worker/rules/payment-methods';
import { useI18n } from '../i18n';
import { defineIsland } from '../island';

/** `leftKey` / `overKey`: the texts (translation keys with days, hours, minutes), a voucher's by default; a library loan has its own. */
type Props = { end: string; now: string; leftKey?: string; overKey?: string };

/** "3 days 23 h 12 min left" on a cash voucher (or a library loan), counted down every 30 seconds (the server renders the first value). */
export default function VoucherCountdown({ end, now, leftKey = 'VOUCHER_TIME_LEFT', overKey = 'VOUCHER_EXPIRED_NOW' }: Props) {
  const { t } = useI18n();
  const [at, setAt] = useState(() => new Date(now));
  useEffect(() => {
    setAt(new Date());
    const timer = setInterval(() => setAt(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const left = timeLeft(end, at);
  return (
    <p className="voucher__countdown" role="timer" aria-live="off">
      {left.over ? t(overKey) : t(leftKey, { days: t('COUNTDOWN_DAYS', { count: left.days }), hours: t('COUNTDOWN_HOURS', { count: left.hours }), minutes: t('COUNTDOWN_MINUTES', { count: left.minutes }) })}
    </p>
  );
}

export const VoucherCountdownIsland = defineIsland('voucher-countdown', VoucherCountdown, 'load');
