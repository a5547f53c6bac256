// The payment provider of each currency, from the PAYMENT_PROVIDER_* vars (docs/operators/payments.md).
import type { Bindings } from '../../../env';
import { CASH_CURRENCIES } from '../../../rules/payment-methods';
import type { Currency } from '../../../rules/subscription';
import { cmiProvider } from './cmi';
import { mobileProvider, type MobileProvider } from './mobile';
import { sandboxProvider } from './sandbox';
import { stripeProvider } from './stripe';
import type { PaymentProvider } from './types';

export type ProviderId = PaymentProvider['id'];
export const PROVIDER_IDS: readonly ProviderId[] = ['sandbox', 'cmi', 'stripe', 'mobile'];

/** The development key of the sandbox's signatures (DEV_OUTBOX only). */
const DEV_SANDBOX_SECRET = 'tafrij-dev-sandbox-secret';

/** The configured provider id of a currency; with DEV_OUTBOX=true an unset one is the sandbox. */
export function providerIdFor(env: Bindings, currency: Currency): ProviderId | null {
  const value = { MAD: env.PAYMENT_PROVIDER_MAD, EUR: env.PAYMENT_PROVIDER_EUR, USD: env.PAYMENT_PROVIDER_USD }[currency];
  if (value === 'sandbox' || value === 'cmi' || value === 'stripe') return value;
  return env.DEV_OUTBOX === 'true' ? 'sandbox' : null;
}

/** A provider by id, or null when it is not configured (its keys are missing). */
export function providerById(env: Bindings, id: string, fetcher: typeof fetch = fetch): PaymentProvider | null {
  if (id === 'sandbox') return sandboxFor(env);
  if (id === 'stripe') {
    return env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? stripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL }, fetcher) : null;
  }
  if (id === 'mobile') return mobileFrom(env, fetcher);
  if (id === 'cmi') {
    const api = env.CMI_API_USER && env.CMI_API_PASSWORD ? { user: env.CMI_API_USER, password: env.CMI_API_PASSWORD, url: env.CMI_API_URL } : undefined;
    return env.CMI_STORE_KEY && env.CMI_CLIENT_ID ? cmiProvider({ clientId: env.CMI_CLIENT_ID, storeKey: env.CMI_STORE_KEY, gatewayUrl: env.CMI_GATEWAY_URL, api }, fetcher) : null;
  }
  return null;
}

/** The sandbox's signing key (PAYMENT_SANDBOX_SECRET, or the dev key with DEV_OUTBOX), or '' when it has none. */
export const sandboxSecret = (env: Pick<Bindings, 'PAYMENT_SANDBOX_SECRET' | 'DEV_OUTBOX'>): string => env.PAYMENT_SANDBOX_SECRET || (env.DEV_OUTBOX === 'true' ? DEV_SANDBOX_SECRET : '');

/** The sandbox with its hosted page's methods, when it has a key (PAYMENT_SANDBOX_SECRET, or the dev key with DEV_OUTBOX). */
export function sandboxFor(env: Bindings): ReturnType<typeof sandboxProvider> | null {
  const secret = sandboxSecret(env);
  return secret ? sandboxProvider({ secret, origin: env.PUBLIC_ORIGIN.replace(/\/+$/, ''), store: env.CACHE }) : null;
}

export function providerFor(env: Bindings, currency: Currency, fetcher: typeof fetch = fetch): PaymentProvider | null {
  const id = providerIdFor(env, currency);
  const provider = id ? providerById(env, id, fetcher) : null;
  return provider && provider.currencies.includes(currency) ? provider : null;
}

/**
 * The cash network (vouchers paid at agencies, sales agents' collections) of PAYMENT_PROVIDER_CASH,
 * or null when cash is not offered (or not in this currency: dirhams only); with DEV_OUTBOX=true an unset one is the sandbox.
 */
export function cashProvider(env: Bindings, currency: Currency): PaymentProvider | null {
  const id = env.PAYMENT_PROVIDER_CASH || (env.DEV_OUTBOX === 'true' ? 'sandbox' : '');
  const provider = id ? providerById(env, id) : null;
  const cash = (CASH_CURRENCIES as readonly Currency[]).includes(currency);
  return cash && provider && provider.methods.includes('cash') && provider.currencies.includes(currency) ? provider : null;
}

function mobileFrom(env: Bindings, fetcher: typeof fetch = fetch): MobileProvider | null {
  return env.MOBILE_API_URL && env.MOBILE_API_KEY && env.MOBILE_WEBHOOK_SECRET ? mobileProvider({ apiUrl: env.MOBILE_API_URL, apiKey: env.MOBILE_API_KEY, webhookSecret: env.MOBILE_WEBHOOK_SECRET }, fetcher) : null;
}

/**
 * The mobile payment provider of PAYMENT_PROVIDER_MOBILE ("mobile": the aggregator; "sandbox"), or
 * null when mobile payment is not offered (or not in this currency: dirhams only); with DEV_OUTBOX=true an unset one is the sandbox.
 */
export function mobilePaymentProvider(env: Bindings, currency: Currency, fetcher: typeof fetch = fetch): MobileProvider | null {
  const id = env.PAYMENT_PROVIDER_MOBILE || (env.DEV_OUTBOX === 'true' ? 'sandbox' : '');
  if (!(CASH_CURRENCIES as readonly Currency[]).includes(currency)) return null;
  return id === 'sandbox' ? sandboxFor(env) : id === 'mobile' ? mobileFrom(env, fetcher) : null;
}

/** The currencies sold here (a provider is configured for them). */
export const sellableCurrencies = (env: Bindings): Currency[] => (['MAD', 'EUR', 'USD'] as const).filter((c) => providerFor(env, c) !== null);
