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
// until it is sent again (worker/api/payments/refunds), and the adapter asks the order's history
// before sending it again, the platform's order inquiry (sources: github.com/mewebstudio/pos
// EstPos history request and EstPosResponseDataMapper::mapHistoryResponse):
//   <CC5Request><Name/><Password/><ClientId/><OrderId>our oid</OrderId>
//     <Extra><ORDERHISTORY>QUERY</ORDERHISTORY></Extra></CC5Request>
//   → <CC5Response><OrderId/><Response>Approved</Response><ProcReturnCode>00</ProcReturnCode>
//       <Extra><TRXCOUNT>n</TRXCOUNT><TRX1>…</TRX1>…<TRXn>…</TRXn></Extra></CC5Response>
// Each TRXi is tab-separated: charge type (S: sale, pre/post-authorisation; C: credit), status
// (D, ERR: failed; CNCL, V: cancelled; A, C, S: done; PN: pending), amount, captured amount, date,
// …, host reference (7), auth code (8), ProcReturnCode (9), TransId (10). Amounts come as minor
// units without a dot ("7950") or as "79.50". A Credit of the refund's amount, approved, whose
// TransId is not one of the payment's refunds recorded here, is the lost attempt: it is recorded
// without a second Credit. Two held refunds of one order with the same amount are interchangeable:
// each retry takes one Credit not yet recorded, or sends its own.
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
export const cc5Request = (fields: [string, string][], extra = ''): string =>
  `<?xml version="1.0" encoding="UTF-8"?><CC5Request>${fields.map(([name, value]) => `<${name}>${xmlText(value)}</${name}>`).join('')}${extra}</CC5Request>`;

/** One field of a CC5Response (flat XML of short text fields), unescaped; '' when absent. */
export function cc5Field(xml: string, name: string): string {
  const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return (match?.[1] ?? '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&').trim();
}

/** The merchant API's address: the configured one, else the gateway's host at /fim/api. */
export const cmiApiUrl = (config: CmiConfig): string => config.api?.url || new URL('/fim/api', config.gatewayUrl).toString();

/** One transaction of an order as the history inquiry lists it. */
export type CmiHistoryEntry = { charge: 'sale' | 'credit'; status: string; amount: number | null; procReturnCode: string; transId: string };

/** "7950" or "79.50" → 7950; null when it is not an amount. */
const historyAmount = (raw: string | undefined): number | null => {
  const text = (raw ?? '').trim();
  if (/^\d{1,9}\.\d{1,2}$/.test(text)) return minorOf(text);
  return /^\d{1,11}$/.test(text) ? Number(text) : null;
};

/** The TRX1…TRXn lines of a history answer's Extra, in order. */
export function cmiHistory(xml: string): CmiHistoryEntry[] {
  const entries: CmiHistoryEntry[] = [];
  for (let i = 1; i <= 500; i++) {
    if (!new RegExp(`<TRX${i}>`).test(xml)) break;
    const cells = cc5Field(xml, `TRX${i}`).split('\t').map((cell) => cell.trim());
    entries.push({ charge: cells[0] === 'C' ? 'credit' : 'sale', status: cells[1] ?? '', amount: historyAmount(cells[2]), procReturnCode: cells[9] ?? '', transId: cells[10] ?? '' });
  }
  return entries;
}

/** A history entry's statuses of a transaction that did not go through. */
const FAILED_STATUSES = ['D', 'ERR', 'CNCL', 'V'];

export function cmiProvider(config: CmiConfig, fetcher: typeof fetch = fetch): PaymentProvider {
  /** Posts a CC5Request (`extra`: its Extra element, written out) to the merchant API; answers the CC5Response's XML, or throws when there is none to read (outcome unknown). */
  async function post(fields: [string, string][], what: string, extra = ''): Promise<string> {
    if (!config.api) throw new PaymentProviderError('cmi: no API user configured (CMI_API_USER, CMI_API_PASSWORD)');
    const body = cc5Request([['Name', config.api.user], ['Password', config.api.password], ['ClientId', config.clientId], ...fields], extra);
    let res: Response;
    try {
      res = await fetcher(cmiApiUrl(config), { method: 'POST', headers: { 'Content-Type': 'application/xml; charset=utf-8' }, body });
    } catch (error) {
      throw new PaymentProviderError('cmi: unreachable', { cause: error });
    }
    const xml = await res.text().catch(() => '');
    if (!res.ok || !cc5Field(xml, 'Response')) throw new PaymentProviderError(`cmi: ${what} answer ${res.status}`, { status: res.status });
    return xml;
  }

  /**
   * The Credit of a lost attempt, if it went through: the order's history, then an approved Credit
   * of this amount not among the refunds recorded here. Throws when the history cannot be read (still unknown).
   */
  async function lostCredit(request: RefundRequest, recorded: string[]): Promise<CmiHistoryEntry | null> {
    const xml = await post([['OrderId', request.transactionId]], 'history', '<Extra><ORDERHISTORY>QUERY</ORDERHISTORY></Extra>');
    if (cc5Field(xml, 'ProcReturnCode') !== '00') throw new PaymentProviderError(`cmi: order history refused: ${cc5Field(xml, 'ErrMsg') || cc5Field(xml, 'Response')}`);
    return (
      cmiHistory(xml).find(
        (entry) =>
          entry.charge === 'credit' && entry.procReturnCode === '00' && !FAILED_STATUSES.includes(entry.status) && entry.amount === request.money.amount && entry.transId !== '' && !recorded.includes(entry.transId),
      ) ?? null
    );
  }

  /** A Credit (refund) of a captured order through the merchant API; sent again, only when the order's history shows no Credit of the lost attempt. */
  async function credit(request: RefundRequest): Promise<RefundAnswer> {
    if (!config.api) throw new PaymentProviderError('cmi: no API user configured (CMI_API_USER, CMI_API_PASSWORD)');
    if (request.money.currency !== 'MAD') return { status: 'refused', reason: 'cmi: MAD only' };
    if (request.resend) {
      const found = await lostCredit(request, request.resend.recorded);
      if (found) return { status: 'refunded', providerRef: found.transId };
    }
    const xml = await post(
      [
        ['Type', 'Credit'],
        ['OrderId', request.transactionId],
        ['Total', cmiAmount(request.money.amount)],
        ['Currency', MAD_NUMERIC],
      ],
      'refund',
    );
    const response = cc5Field(xml, 'Response');
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
