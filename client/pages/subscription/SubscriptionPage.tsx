import type { Plan, SubscriptionView } from '../../../worker/api/payments/schemas';
import { UNLOCK_VALID_HOURS, VOUCHER_VALID_DAYS, type SelfServiceMethod } from '../../../worker/rules/payment-methods';
import { CURRENCIES, type Currency } from '../../../worker/rules/subscription';
import { SubscribeSteps } from '../../components/SubscribeSteps';
import { useI18n } from '../../i18n';
import { FormNote, type FormState } from '../../components/FormState';
import { DateText, Money, Period, planName } from './parts';

export type SubscriptionPageProps = {
  plans: Plan[];
  currency: Currency;
  /** Currencies a provider is configured for (the switch offers only these). */
  currencies: Currency[];
  guest: boolean;
  /** Registration needs a confirmation code (option TOKENIZED_REGISTER): a step of its own. */
  codeStep: boolean;
  /** The logged-in user's state; null for guests. */
  view: SubscriptionView | null;
  /** The plan the visitor chose before (after creating an account, or coming back from a failed payment). */
  chosen: number | null;
  /** The user never had a trial: plans with one start with it. */
  trialEligible: boolean;
  /** When a trial starting now would end (ISO), for the callout. */
  trialEndIfNow: (days: number) => string;
  /** Where to come back after paying (a title). */
  returnTo: string | null;
  /** The ways to pay in this currency (card, cash, coupon: GET /payments/methods). */
  methods: SelfServiceMethod[];
  /** Ticket packs (pay per title: GET /payments/packs). */
  packs: Plan[];
  /** The state of the last attempt (declined card, cancelled checkout, refused call), with what was typed. */
  form?: FormState;
  /** A random id for this page's forms: the same form posted twice starts one checkout. */
  attempt: string;
};

/** What premium gives, shown above the plans. */
function Benefits() {
  const { t } = useI18n();
  return (
    <ul className="subscribe__benefits">
      {['BENEFIT_CATALOGUE', 'BENEFIT_HD', 'BENEFIT_SCREENS', 'BENEFIT_PROFILES', 'BENEFIT_CANCEL'].map((key) => (
        <li key={key}>{t(key)}</li>
      ))}
    </ul>
  );
}

/** The same plans in another currency: the chosen plan and the way back (a title) come along. */
function CurrencySwitch({ currency, currencies, chosen, returnTo }: { currency: Currency; currencies: Currency[]; chosen: number | null; returnTo: string | null }) {
  const { t } = useI18n();
  if (currencies.length < 2) return null;
  return (
    <nav className="subscribe__currencies" aria-label={t('CURRENCY')}>
      <span>{t('CURRENCY')}</span>
      {CURRENCIES.filter((c) => currencies.includes(c)).map((c) => (
        <a key={c} href={subscriptionHref({ currency: c, plan: chosen, returnTo })} aria-current={c === currency ? 'true' : undefined} className="chip">
          {c}
        </a>
      ))}
    </nav>
  );
}

/**
 * The method picker (spec §2): bank card, cash at an agency (a voucher valid 4 days), or a coupon code
 * that pays it all; a code also lowers a card or cash payment. Agent payments are recorded by an agent.
 */
function MethodPicker({ planId, methods, form, coupons = true }: { planId: number; methods: SelfServiceMethod[]; form: FormState | undefined; coupons?: boolean }) {
  const { t } = useI18n();
  const mine = form?.values?.plan === String(planId);
  const chosen = (mine ? form?.values?.method : undefined) ?? methods[0];
  const coupon = mine ? (form?.values?.coupon ?? '') : '';
  const error = mine ? form?.errors?.coupon : undefined;
  const fieldId = `coupon-${planId}`;
  return (
    <>
      <fieldset className="plan__methods">
        <legend>{t('PAYMENT_METHOD')}</legend>
        {methods.map((method) => (
          <label className="plan__method" key={method}>
            <input type="radio" name="method" value={method} defaultChecked={method === chosen} />
            <span>
              {t(`PAYMENT_METHOD_${method.toUpperCase()}`)}
              <small className="plan__method-hint">{t(`PAYMENT_METHOD_${method.toUpperCase()}_HINT`, { days: VOUCHER_VALID_DAYS })}</small>
            </span>
          </label>
        ))}
      </fieldset>
      {/* "Have a coupon code?" opens the field for a card or cash payment; the coupon method shows it at once (CSS :has, no script). */}
      {coupons && (
        <div className="plan__coupon">
          <details className="plan__coupon-toggle" open={coupon !== '' || chosen === 'coupon' || Boolean(error)}>
            <summary>{t('HAVE_A_COUPON')}</summary>
          </details>
          <div className="plan__coupon-field">
            <label htmlFor={fieldId}>{t('COUPON_CODE')}</label>
            <input
              id={fieldId}
              type="text"
              name="coupon"
              defaultValue={coupon}
              maxLength={32}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              dir="ltr"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-message` : undefined}
              autoFocus={Boolean(error)}
            />
            {error && (
              <p id={`${fieldId}-message`} className="field__error" role="alert">
                {t(error)}
              </p>
            )}
          </div>
        </div>
      )}
    </>
  );
}

/** /subscription with what was chosen (a plan, a currency, the way back to a title). */
export function subscriptionHref({ currency, plan, returnTo }: { currency: Currency; plan?: number | null | undefined; returnTo?: string | null | undefined }): string {
  const query = new URLSearchParams({ currency });
  if (plan) query.set('plan', String(plan));
  if (returnTo) query.set('returnTo', returnTo);
  return `/subscription?${query.toString()}`;
}

function PlanCard({ plan, props }: { plan: Plan; props: SubscriptionPageProps }) {
  const { t, lang } = useI18n();
  const trial = props.trialEligible && plan.trial_days > 0;
  const current = props.view?.plan_id === plan.id && (props.view.state === 'active' || props.view.state === 'trialing');
  const back = subscriptionHref({ currency: props.currency, plan: plan.id, returnTo: props.returnTo });
  const register = `/register?redirect=${encodeURIComponent(back)}`;
  return (
    <li className={props.chosen === plan.id ? 'plan plan--chosen' : 'plan'}>
      <h2 className="plan__name" id={`plan-${plan.id}`}>
        {planName(plan, lang)}
      </h2>
      <p className="plan__price">
        <Money minor={plan.prices[props.currency]} currency={props.currency} /> <Period duration={plan.duration} />
      </p>
      {trial && (
        <p className="plan__trial">
          {t('TRIAL_CALLOUT', { days: plan.trial_days })} <span className="plan__trial-end">{t('TRIAL_ENDS_ON')} <DateText iso={props.trialEndIfNow(plan.trial_days)} /></span>
        </p>
      )}
      {/* A refusal about this plan shows on it: the message takes the focus, so the page opens at the plan. */}
      {noteInPlan(props) === plan.id && <FormNote message={props.form?.message} />}
      <ul className="plan__features">
        {plan.features[lang].map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {props.guest ? (
        <a className="button button--primary plan__action" href={register} aria-describedby={`plan-${plan.id}`}>
          {t('CREATE_ACCOUNT_TO_SUBSCRIBE')}
        </a>
      ) : current ? (
        <p className="plan__current">{t('YOUR_CURRENT_PLAN')}</p>
      ) : (
        <form method="post" action="/subscription" className="plan__form">
          <input type="hidden" name="plan" value={plan.id} />
          <input type="hidden" name="currency" value={props.currency} />
          {props.returnTo && <input type="hidden" name="returnTo" value={props.returnTo} />}
          <input type="hidden" name="attempt" value={props.attempt} />
          <MethodPicker planId={plan.id} methods={props.methods} form={props.form} />
          <button className="button button--primary plan__action" type="submit" aria-describedby={`plan-${plan.id}`}>
            {trial ? t('START_FREE_TRIAL') : t('CHOOSE_PLAN')}
          </button>
        </form>
      )}
    </li>
  );
}

/** The subscription plan a refusal is about (its card shows the message), else null (the message shows above the plans). */
function noteInPlan(props: SubscriptionPageProps): number | null {
  const plan = Number(props.form?.values?.plan);
  return props.form?.message && props.plans.some((p) => p.id === plan) ? plan : null;
}

/** Pay per title (spec §9): packs of tickets, one ticket unlocks one premium title for one viewing (48 hours). */
function Packs({ props }: { props: SubscriptionPageProps }) {
  const { t, lang } = useI18n();
  if (props.packs.length === 0) return null;
  const register = `/register?redirect=${encodeURIComponent(`/subscription?currency=${props.currency}#tickets`)}`;
  const methods = props.methods.filter((m) => m !== 'coupon');
  return (
    <section className="subscribe__packs" id="tickets" aria-labelledby="tickets-title">
      <h2 id="tickets-title">{t('TICKETS_TITLE')}</h2>
      <p>{t('TICKETS_INTRO', { hours: UNLOCK_VALID_HOURS })}</p>
      <ul className="subscribe__plans subscribe__plans--packs">
        {props.packs.map((pack) => (
          <li key={pack.id} className="plan plan--pack">
            <h3 className="plan__name" id={`plan-${pack.id}`}>
              {planName(pack, lang)}
            </h3>
            <p className="plan__price">
              <Money minor={pack.prices[props.currency]} currency={props.currency} />
            </p>
            {props.guest ? (
              <a className="button button--secondary plan__action" href={register} aria-describedby={`plan-${pack.id}`}>
                {t('CREATE_ACCOUNT_TO_SUBSCRIBE')}
              </a>
            ) : (
              <form method="post" action="/subscription" className="plan__form">
                <input type="hidden" name="plan" value={pack.id} />
                <input type="hidden" name="currency" value={props.currency} />
                {props.returnTo && <input type="hidden" name="returnTo" value={props.returnTo} />}
                <input type="hidden" name="attempt" value={props.attempt} />
                <MethodPicker planId={pack.id} methods={methods} form={props.form} coupons={false} />
                <button className="button button--secondary plan__action" type="submit" aria-describedby={`plan-${pack.id}`}>
                  {t('BUY_TICKETS')}
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /subscription (spec §2): the plans, what premium gives, the trial, the method picker, then the provider's checkout. */
export function SubscriptionPage(props: SubscriptionPageProps) {
  const { t } = useI18n();
  return (
    <div className="page subscribe">
      {/* The steps are a guest's way in (account, then payment): a member is past them. */}
      {props.guest && <SubscribeSteps current="account" withCode={props.codeStep} />}
      <h1 className="subscribe__title">{t('SUBSCRIBE_TITLE')}</h1>
      <p className="subscribe__intro">{t('SUBSCRIBE_INTRO')}</p>
      <Benefits />
      {!noteInPlan(props) && <FormNote message={props.form?.message} />}
      <CurrencySwitch currency={props.currency} currencies={props.currencies} chosen={props.chosen} returnTo={props.returnTo} />
      <ul className="subscribe__plans">
        {props.plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} props={props} />
        ))}
      </ul>
      <Packs props={props} />
      {props.guest && (
        <p className="subscribe__login">
          {t('PREMIUM_ALREADY_SUBSCRIBED')} <a href={`/login?redirect=${encodeURIComponent('/subscription')}`}>{t('LOGIN')}</a>
        </p>
      )}
      <p className="subscribe__fine">{t('SUBSCRIBE_FINE_PRINT')}</p>
    </div>
  );
}

/** A provider's hosted page that takes a posted form (CMI): the form, sent with one press. */
export function ContinueToPayment({ url, fields }: { url: string; fields: Record<string, string> }) {
  const { t } = useI18n();
  return (
    <div className="page subscribe subscribe--narrow">
      <h1 className="subscribe__title">{t('CONTINUE_TO_PAYMENT')}</h1>
      <p>{t('CONTINUE_TO_PAYMENT_TEXT')}</p>
      <form method="post" action={url}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button className="button button--primary button--large" type="submit">
          {t('CONTINUE_TO_PAYMENT')}
        </button>
      </form>
    </div>
  );
}
