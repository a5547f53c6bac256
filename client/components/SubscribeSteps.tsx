import { useI18n } from '../i18n';

export type SubscribeStep = 'account' | 'code' | 'payment';

const LABELS: Record<SubscribeStep, string> = { account: 'STEP_ACCOUNT', code: 'STEP_CODE', payment: 'STEP_PAYMENT' };

/**
 * The steps of subscribing (spec §2 step flow): create account → confirmation code → payment
 * details, on /register (a guest on the way to a plan) and on /subscription. The code step is
 * there when registration needs one (option TOKENIZED_REGISTER).
 */
export function SubscribeSteps({ current, withCode }: { current: SubscribeStep; withCode: boolean }) {
  const { t } = useI18n();
  const steps: SubscribeStep[] = withCode ? ['account', 'code', 'payment'] : ['account', 'payment'];
  const at = steps.indexOf(current);
  return (
    <ol className="steps" aria-label={t('SUBSCRIBE_STEPS')}>
      {steps.map((step, i) => (
        <li key={step} className={i < at ? 'steps__item steps__item--done' : i === at ? 'steps__item steps__item--current' : 'steps__item'} aria-current={i === at ? 'step' : undefined}>
          <span className="steps__number">{i + 1}</span> {t(LABELS[step])}
        </li>
      ))}
    </ol>
  );
}
