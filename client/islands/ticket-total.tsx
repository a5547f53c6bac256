import { useEffect, useRef, useState } from 'react';
import { orderTotal } from '../../worker/rules/events';
import { formatMoney } from '../../worker/rules/money';
import type { Currency } from '../../worker/rules/subscription';
import { defineIsland } from '../island';
import { useI18n } from '../i18n';

/** Ticket type id → its prices. */
type Prices = Record<string, Record<Currency, number>>;
type Choice = { quantities: Record<string, number>; currency: Currency };

export type TicketTotalProps = { prices: Prices } & Choice;

/** What the form around `el` says now: the quantity of each type, and the currency (dirhams for mobile payment). */
function read(el: HTMLElement, prices: Prices): Choice | null {
  const form = el.closest('form');
  if (!form) return null;
  const data = new FormData(form);
  const quantities = Object.fromEntries(Object.keys(prices).map((id) => [id, Number(data.get(`qty_${id}`) ?? 0)]));
  const asked = String(data.get('currency') ?? 'MAD');
  const currency: Currency = data.get('method') === 'mobile' ? 'MAD' : asked === 'EUR' || asked === 'USD' ? asked : 'MAD';
  return { quantities, currency };
}

/**
 * The running total of the events purchase form and its Pay button with the amount, inside the
 * server-rendered form: the server renders the total of what the form holds; once the person
 * touches the form, every change of a quantity, the currency or the way to pay updates both.
 */
export default function TicketTotal({ prices, quantities, currency }: TicketTotalProps) {
  const { t, lang } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const [choice, setChoice] = useState<Choice>({ quantities, currency });
  useEffect(() => {
    const el = ref.current;
    const form = el?.closest('form');
    if (!el || !form) return;
    const update = () => {
      const now = read(el, prices);
      if (now) setChoice(now);
    };
    update();
    form.addEventListener('change', update);
    form.addEventListener('input', update);
    return () => {
      form.removeEventListener('change', update);
      form.removeEventListener('input', update);
    };
  }, [prices]);
  const total = orderTotal(prices, choice.quantities, choice.currency);
  const amount = formatMoney(lang, total, choice.currency);
  return (
    <div ref={ref} className="ticket-form__submit">
      <p className="ticket-form__total" aria-live="polite">
        {t('ORDER_TOTAL')}: <bdi className="money">{amount}</bdi>
      </p>
      <button className="button button--primary button--large" type="submit">
        {total > 0 ? t('EVENT_PAY_AMOUNT', { amount }) : t('EVENT_PAY')}
      </button>
    </div>
  );
}

export const TicketTotalIsland = defineIsland('ticket-total', TicketTotal, 'form');
