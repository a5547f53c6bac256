// CMI (Centre Monétique Interbancaire, Morocco): the hosted payment page "3D Pay Hosting" in MAD.
// The browser posts a form signed with the store key (hash "ver3": SHA-512 over the parameter
// values sorted by name, base64); CMI calls our callback server to server with the result, signed
// the same way, and reads our plain-text answer: ACTION=POSTAUTH captures an approved payment,
// APPROVED acknowledges a decline, FAILURE makes CMI try again. No recurring charge exists: a
// renewal is a reminder email and a new payment.
//
// Refunds go through CMI's merchant API, the server-to-server side of the same platform (the
// Nestpay/EST "CC5" XML API the 3D Pay Hosting page belongs to), at /fim/api beside the gateway's
// /fim/est3Dgate (test: https://testpayment.cmi.co.ma/fim/api). No official CMI page was found in the
// searchable documentation; the protocol below is the one CMI's integrators and the Nestpay client
// libraries use (sources: github.com/payconn/nestpay src/Nestpay/Request/RefundRequest.php and
// Response/RefundResponse.php; CMI integrations naming /fim/api for PostAuth, Void and Credit):
//   POST {api}  Content-Type: application/xml, a body of
//     <CC5Request><Name>api user</Name><Password>…</Password><ClientId>store</ClientId>
//       <Type>Credit</Type><OrderId>our oid</OrderId><Total>79.50</Total><Currency>504</Currency></CC5Request>
//   → <CC5Response><OrderId/><Response>Approved|Declined|Error</Response><ProcReturnCode>00…</ProcReturnCode>
//       <TransId/><ErrMsg/>…</CC5Response>
// A Credit refunds a captured (post-authorised) order, in full or in part (Total); Approved with
// ProcReturnCode 00 is done, Declined or Error is refused with ErrMsg. The API user is a store user
// of type API created in CMI's merchant back office (CMI_API_USER, CMI_API_PASSWORD). The API has no
// idempotency key: a Credit whose answer was lost may have been made; the refund then stays held
// until it is sent again (worker/api/payments/refunds).
import { sameText } from './sign';
import { PaymentProviderError, type CallbackReading, type Checkout, type CheckoutRequest, type PaymentEvent, type PaymentProvider, type RefundAnswer, type RefundRequest } from './types';

/** `api`: the merchant API's user (refunds); its address defaults to the gateway's host at /fim/api. */
export type CmiConfig = { clientId: string; storeKey: string; gatewayUrl: string; api?: { user: string; password: string; url?: string | undefined } | undefined };

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

const xmlText = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A CC5Request of the merchant API: the fields in order, values escaped. */
export const cc5Request = (fields: [string, string][]): string =>
  `<?xml version="1.0" encoding="UTF-8"?><CC5Request>${fields.map(([name, value]) => `<${name}>${xmlText(value)}</${name}>`).join('')}</CC5Request>`;

/** One field of a CC5Response (flat XML of short text fields), unescaped; '' when absent. */
export function cc5Field(xml: string, name: string): string {
  const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return (match?.[1] ?? '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&').trim();
}

/** The merchant API's address: the configured one, else the gateway's host at /fim/api. */
export const cmiApiUrl = (config: CmiConfig): string => config.api?.url || new URL('/fim/api', config.gatewayUrl).toString();

export function cmiProvider(config: CmiConfig, fetcher: typeof fetch = fetch): PaymentProvider {
  /** A Credit (refund) of a captured order through the merchant API. */
  async function credit(request: RefundRequest): Promise<RefundAnswer> {
    if (!config.api) throw new PaymentProviderError('cmi: no API user configured (CMI_API_USER, CMI_API_PASSWORD)');
    if (request.money.currency !== 'MAD') return { status: 'refused', reason: 'cmi: MAD only' };
    const body = cc5Request([
      ['Name', config.api.user],
      ['Password', config.api.password],
      ['ClientId', config.clientId],
      ['Type', 'Credit'],
      ['OrderId', request.transactionId],
      ['Total', cmiAmount(request.money.amount)],
      ['Currency', MAD_NUMERIC],
    ]);
    let res: Response;
    try {
      res = await fetcher(cmiApiUrl(config), { method: 'POST', headers: { 'Content-Type': 'application/xml; charset=utf-8' }, body });
    } catch (error) {
      throw new PaymentProviderError('cmi: unreachable', { cause: error });
    }
    const xml = await res.text().catch(() => '');
    const response = cc5Field(xml, 'Response');
    if (!res.ok || !response) throw new PaymentProviderError(`cmi: refund answer ${res.status}`, { status: res.status });
    const code = cc5Field(xml, 'ProcReturnCode');
    if (response === 'Approved' && code === '00') return { status: 'refunded', providerRef: cc5Field(xml, 'TransId') || `cmi:${request.refundId}` };
    const message = cc5Field(xml, 'ErrMsg');
    return { status: 'refused', reason: [code, message || response].filter(Boolean).join(': ').slice(0, 200) };
  }

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

    refund: credit,
  };
}
