// CMI (Centre Monétique Interbancaire, Morocco): the hosted payment page "3D Pay Hosting" in MAD.
// The browser posts a form signed with the store key (hash "ver3": SHA-512 over the parameter
// values sorted by name, base64); CMI calls our callback server to server with the result, signed
// the same way, and reads our plain-text answer: ACTION=POSTAUTH captures an approved payment,
// APPROVED acknowledges a decline, FAILURE makes CMI try again. No recurring charge exists: a
// renewal is a reminder email and a new payment.
import { sameText } from './sign';
import { PaymentProviderError, type CallbackReading, type Checkout, type CheckoutRequest, type PaymentEvent, type PaymentProvider } from './types';

export type CmiConfig = { clientId: string; storeKey: string; gatewayUrl: string };

/** ISO 4217 numeric code of the dirham. */
export const MAD_NUMERIC = '504';
/** Largest callback body read (CMI posts a few dozen short fields). */
const MAX_BODY = 16_384;

const escape = (value: string): string => value.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');

/** The "ver3" hash of a parameter set: values sorted by name (case-insensitive), escaped, joined by |, then the store key; SHA-512, base64. */
export async function cmiHash(params: Record<string, string>, storeKey: string): Promise<string> {
  const names = Object.keys(params)
    .filter((name) => !['hash', 'encoding'].includes(name.toLowerCase()))
    .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en'));
  const plain = [...names.map((name) => escape((params[name] ?? '').trim())), escape(storeKey.trim())].join('|');
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-512', new TextEncoder().encode(plain)));
  return btoa(String.fromCharCode(...digest));
}

/** Minor units → "49.00" as CMI's amount field wants it. */
export const cmiAmount = (minor: number): string => (minor / 100).toFixed(2);

/** "49.00" → 4900, or null when it is not an amount. */
const minorOf = (amount: string | undefined): number | null => (amount && /^\d{1,9}(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : null);

const LANG: Record<string, string> = { ar: 'ar', fr: 'fr', en: 'en', es: 'en' };

export function cmiProvider(config: CmiConfig): PaymentProvider {
  return {
    id: 'cmi',
    currencies: ['MAD'],
    methods: ['card'],
    recurring: 'none',

    async startCheckout(request: CheckoutRequest): Promise<Checkout> {
      if (request.money.currency !== 'MAD') throw new PaymentProviderError('cmi: MAD only');
      if (request.trialDays > 0 || request.purpose === 'card') throw new PaymentProviderError('cmi: keeps no card, so no trial through a checkout');
      const fields: Record<string, string> = {
        clientid: config.clientId,
        amount: cmiAmount(request.money.amount),
        currency: MAD_NUMERIC,
        oid: request.transactionId,
        okUrl: request.urls.ok,
        failUrl: request.urls.fail,
        callbackUrl: request.urls.callback,
        shopurl: new URL(request.urls.ok).origin,
        TranType: 'PreAuth',
        storetype: '3D_PAY_HOSTING',
        hashAlgorithm: 'ver3',
        lang: LANG[request.user.lang] ?? 'fr',
        rnd: crypto.randomUUID().replace(/-/g, ''),
        refreshtime: '5',
        AutoRedirect: 'true',
        encoding: 'UTF-8',
        BillToName: request.user.email ?? request.user.id,
        ...(request.user.email ? { email: request.user.email } : {}),
      };
      fields.HASH = await cmiHash(fields, config.storeKey);
      return { method: 'POST', url: config.gatewayUrl, fields };
    },

    async readCallback(request: Request): Promise<CallbackReading> {
      const text = (body: string) => new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      const refuse = (reason: string): CallbackReading => ({ verified: false, reason, answer: () => text('FAILURE') });
      const raw = await request.text().catch(() => '');
      if (!raw || raw.length > MAX_BODY) return refuse('empty or oversized body');
      const params = Object.fromEntries(new URLSearchParams(raw));
      const given = params.HASH ?? params.hash;
      if (!given) return refuse('no hash');
      if (!sameText(await cmiHash(params, config.storeKey), given)) return refuse('bad hash');
      const oid = params.oid ?? '';
      const approved = params.ProcReturnCode === '00' && (params.Response ?? '').toLowerCase() === 'approved';
      const providerRef = params.TransId || params.AuthCode || oid;
      const eventId = `cmi:${oid}:${params.TransId ?? ''}:${params.ProcReturnCode ?? ''}`;
      const amount = minorOf(params.amount);
      let event: PaymentEvent;
      if (!oid) return refuse('no order id');
      if (approved && amount !== null && params.currency === MAD_NUMERIC) {
        // CMI keeps no card for later charges: nothing to save, the masked number stays in CMI's back office.
        event = { kind: 'accepted', eventId, transactionId: oid, providerRef, money: { amount, currency: 'MAD' } };
      } else {
        event = { kind: 'failed', eventId, transactionId: oid, providerRef, reason: params.ProcReturnCode === '00' ? 'AMOUNT_MISMATCH' : 'CARD_DECLINED' };
      }
      return {
        verified: true,
        events: [event],
        answer: (handling) => text(handling === 'retry' ? 'FAILURE' : event.kind === 'accepted' ? 'ACTION=POSTAUTH' : 'APPROVED'),
      };
    },
  };
}
