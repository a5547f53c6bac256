import type { ShowPage as ShowAnswer, TicketType } from '../../../worker/api/events/schemas';
import { MAX_TICKETS_PER_ORDER } from '../../../worker/rules/events';
import type { Currency } from '../../../worker/rules/subscription';
import { PhoneField } from '../../components/Form';
import { TicketTotalIsland, type TicketTotalProps } from '../../islands/ticket-total';
import { useI18n } from '../../i18n';
import { FormNote, type FormState } from '../../components/FormState';
import { kindBesideName, kindKey, Prices, ShowStatus, ShowWhen } from './parts';

/**
 * `/events/{slug}/{show}` (spec §1 e-ticket/event purchase flow): the show and its purchase form —
 * a quantity per ticket type, optional names, the currency and the way to pay (card; mobile payment
 * where offered; cash vouchers are not, they take longer than the hold). A plain POST form: it
 * works without JavaScript, and comes back filled with the translated message on an error.
 */
export function ShowPage({ data, currency, loggedIn, form, attempt }: { data: ShowAnswer; currency: Currency; loggedIn: boolean; form?: FormState; /** A random id per rendered form: posted twice, it starts one order. */ attempt: string }) {
  const { t } = useI18n();
  const { festival, show } = data;
  const selling = show.ticket_types.filter((type) => type.on_sale);
  const action = `/events/${festival.slug}/${show.slug}`;
  return (
    <div className="page events show-page">
      <p className="show-page__back">
        <a href={`/events/${festival.slug}`}>{t('EVENT_BACK_TO_FESTIVAL')}</a>
      </p>
      <header className="show-page__head">
        {show.image && <img className="show-page__image" src={show.image} alt="" />}
        <div>
          <p className="show-page__festival">{festival.name}</p>
          <h1>{show.title}</h1>
          <ShowWhen show={show} />
          <p className="show-page__venue">
            {t('EVENT_VENUE')}: {show.venue} · {festival.city}
          </p>
          <ShowStatus show={show} />
          {show.description && <p className="page__lead">{show.description}</p>}
          <p className="festival__note">{t('EVENT_LOCAL_TIME')}</p>
        </div>
      </header>
      <section className="show-page__tickets" aria-labelledby="tickets-title">
        <h2 id="tickets-title">{t('EVENT_CHOOSE_TICKETS')}</h2>
        <FormNote message={form?.message} />
        {selling.length === 0 ? (
          <p className="notice">{show.phase === 'over' ? t('EVENT_OVER') : show.seats_left === 0 ? t('SOLD_OUT') : t('EVENT_NOTHING_ON_SALE')}</p>
        ) : (
          <form method="post" action={action} className="ticket-form">
            <input type="hidden" name="show" value={show.id} />
            <input type="hidden" name="attempt" value={attempt} />
            <ul className="ticket-form__types">
              {show.ticket_types.map((type) => (
                <li key={type.id}>
                  <TypeRow type={type} currency={currency} values={form?.values ?? {}} />
                </li>
              ))}
            </ul>
            <PayFields data={data} currency={currency} values={form?.values ?? {}} phoneError={form?.errors?.phone_national} />
            <p className="ticket-form__note">{t('EVENT_HOLD_NOTE')}</p>
            {loggedIn ? (
              <TicketTotalIsland {...totalOf(show.ticket_types, form?.values ?? {}, currency)} />
            ) : (
              <a className="button button--primary button--large" href={`/login?redirect=${encodeURIComponent(action)}`}>
                {t('EVENT_LOGIN_TO_BUY')}
              </a>
            )}
          </form>
        )}
      </section>
    </div>
  );
}

/** The purchase form's running total as the server renders it: the quantities and currency the form holds. */
function totalOf(types: TicketType[], values: Record<string, string>, currency: Currency): TicketTotalProps {
  const selling = types.filter((type) => type.on_sale);
  return {
    prices: Object.fromEntries(selling.map((type) => [String(type.id), type.prices])),
    quantities: Object.fromEntries(selling.map((type) => [String(type.id), Number(values[`qty_${type.id}`] ?? 0) || 0])),
    currency: values.method === 'mobile' ? 'MAD' : currency,
  };
}

/** One ticket type: its kind, prices, quantity (0 to its max per order) and the names to print. */
function TypeRow({ type, currency, values }: { type: TicketType; currency: Currency; values: Record<string, string> }) {
  const { t } = useI18n();
  const max = Math.min(type.max_per_order, MAX_TICKETS_PER_ORDER);
  const qty = `qty_${type.id}`;
  return (
    <fieldset className={type.on_sale ? 'ticket-row' : 'ticket-row ticket-row--off'} disabled={!type.on_sale}>
      <legend className="ticket-row__name">
        {type.name} {kindBesideName(t, type.name, type.kind) && <span className="badge">{kindBesideName(t, type.name, type.kind)}</span>}
      </legend>
      <p className="ticket-row__hint">{t(`${kindKey(type.kind)}_HINT`)}</p>
      <p className="ticket-row__price">{type.on_sale ? <Prices prices={type.prices} currency={currency} /> : t('TICKET_NOT_ON_SALE')}</p>
      {type.on_sale && (
        <div className="ticket-row__fields">
          <label className="field__label" htmlFor={`field-${qty}`}>
            {t('TICKET_QUANTITY')}
          </label>
          <select className="field__input ticket-row__qty" id={`field-${qty}`} name={qty} defaultValue={values[qty] ?? '0'} aria-describedby={`${qty}-max`}>
            {Array.from({ length: max + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <span className="field__hint" id={`${qty}-max`}>
            {t('TICKET_MAX', { n: max })}
          </span>
          <label className="field__label" htmlFor={`field-holders_${type.id}`}>
            {t('TICKET_HOLDERS')}
          </label>
          <textarea className="field__input ticket-row__holders" id={`field-holders_${type.id}`} name={`holders_${type.id}`} rows={2} defaultValue={values[`holders_${type.id}`] ?? ''} />
        </div>
      )}
    </fieldset>
  );
}

/** Currency and the way to pay; the phone number for mobile payment. */
function PayFields({ data, currency, values, phoneError }: { data: ShowAnswer; currency: Currency; values: Record<string, string>; phoneError: string | undefined }) {
  const { t } = useI18n();
  const method = values.method === 'mobile' ? 'mobile' : 'card';
  const offered = (['MAD', 'EUR', 'USD'] as const).filter((c) => data.methods[c].length > 0);
  const mobile = data.methods.MAD.includes('mobile');
  return (
    <div className="ticket-form__pay">
      <div className="field">
        <label className="field__label" htmlFor="field-currency">
          {t('CURRENCY')}
        </label>
        <select className="field__input" id="field-currency" name="currency" defaultValue={currency}>
          {offered.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="ticket-form__methods">
        <legend className="field__label">{t('PAYMENT_METHOD')}</legend>
        <label className="choice">
          <input type="radio" name="method" value="card" defaultChecked={method === 'card'} /> {t('PAYMENT_METHOD_CARD')}
          <span className="field__hint">{t('PAYMENT_METHOD_CARD_HINT')}</span>
        </label>
        {mobile && (
          <label className="choice">
            <input type="radio" name="method" value="mobile" defaultChecked={method === 'mobile'} /> {t('PAYMENT_METHOD_MOBILE')} (MAD)
            <span className="field__hint">{t('PAYMENT_METHOD_MOBILE_HINT')}</span>
          </label>
        )}
        <p className="field__hint ticket-form__cash">{t('EVENT_CASH_NOT_OFFERED')}</p>
      </fieldset>
      {/* Shown only while mobile payment is chosen (events.css, no JavaScript needed). */}
      {mobile && (
        <div className="ticket-form__phone">
          <PhoneField label={t('PAYMENT_METHOD_MOBILE')} error={phoneError} national={values.phone_national ?? ''} countryCode={values.country_code} />
        </div>
      )}
    </div>
  );
}
