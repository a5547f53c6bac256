// Why an event order is refused, and each refusal's HTTP answer (spec §8 `CODE: detail`): the
// order's own, and the checkout's it is paid through (worker/api/payments/refusals.ts).
import type { RefusalAnswer } from '../kernel/refusals';
import { PAYMENT_REFUSALS } from '../payments/refusals';

export const ORDER_REFUSALS = {
  ...PAYMENT_REFUSALS,
  SHOW_NOT_FOUND: [404, 'SHOW_NOT_FOUND'],
  TICKET_TYPE_NOT_FOUND: [400, 'TICKET_TYPE_NOT_FOUND'],
  TICKETS_OVER_MAX: [400, 'TICKETS_OVER_MAX'],
  TICKETS_NOT_ON_SALE: [409, 'TICKETS_NOT_ON_SALE'],
  TICKETS_NONE_CHOSEN: [400, 'TICKETS_NONE_CHOSEN'],
  ORDER_ALREADY_OPEN: [409, 'ORDER_ALREADY_OPEN'],
  SOLD_OUT: [409, 'SOLD_OUT'],
} as const satisfies Record<string, RefusalAnswer>;

export type OrderRefusal = keyof typeof ORDER_REFUSALS;
