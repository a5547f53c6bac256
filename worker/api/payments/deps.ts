// What the checkout functions use, instead of the whole environment: built once from it by the
// routes (`paymentDeps(c.env)`), and the same way by the cron, a CLI or a back office.
import type { Bindings } from '../../env';
import type { Currency } from '../../rules/subscription';
import { mailer, smsSender } from '../../messaging';
import { checkCode } from '../kernel/codes';
import { notifySettlement, notifyVoucher, type NoticeDeps } from './notify';
import { cashProvider, mobilePaymentProvider, providerById, providerFor } from './providers';
import type { PaymentProvider } from './providers/types';
import type { Settlement } from './settle';

export type PaymentDeps = {
  db: D1Database;
  /** The site's public origin, without a trailing slash: the provider's return and callback addresses. */
  origin: string;
  providers: {
    /** The provider of a way to pay in a currency (card, mobile payment, cash), or null when none is configured. */
    of(method: 'card' | 'mobile' | 'cash', currency: Currency): PaymentProvider | null;
    byId(id: string): PaymentProvider | null;
  };
  /** The emails and SMS that follow a payment (through the outbox). */
  mailer: { settled(s: Settlement, now: Date): Promise<void>; voucher(transactionId: string): Promise<void> };
  /** The SMS codes that confirm a mobile payment: a code's id when right (each check counts one of its tries). */
  codes: { check(phone: string, code: string): Promise<number | null> };
};

/** What the messages after a payment use (the billing emails, the voucher's SMS, an event order's delivery). */
export function noticeDeps(env: Bindings): NoticeDeps {
  return {
    db: env.DB,
    origin: env.PUBLIC_ORIGIN.replace(/\/+$/, ''),
    mail: mailer(env),
    sms: smsSender(env),
    invoicePrefix: env.INVOICE_PREFIX,
    cashAgencies: env.CASH_AGENCIES,
    shows: env.SHOWS,
  };
}

export function paymentDeps(env: Bindings, notices: NoticeDeps = noticeDeps(env)): PaymentDeps {
  return {
    db: env.DB,
    origin: notices.origin,
    providers: {
      of: (method, currency) => (method === 'card' ? providerFor(env, currency) : method === 'mobile' ? mobilePaymentProvider(env, currency) : cashProvider(env, currency)),
      byId: (id) => providerById(env, id),
    },
    mailer: { settled: (s, now) => notifySettlement(notices, s, now), voucher: (id) => notifyVoucher(notices, id) },
    codes: { check: (phone, code) => checkCode(env, 'sms', phone, 'payment', code) },
  };
}

/** The payments' and the messages' together: the billing clock (worker/api/payments/renewals.ts), an event order, an agent's collection. */
export type BillingDeps = PaymentDeps & NoticeDeps;

export function billingDeps(env: Bindings): BillingDeps {
  const notices = noticeDeps(env);
  return { ...notices, ...paymentDeps(env, notices) };
}
