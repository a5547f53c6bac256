// The sandbox's hosted checkout page (GET/POST /payments/sandbox/:ref): the tester picks a card and
// an outcome; the sandbox then calls our callback server to server, signed, like a real provider:
// twice (providers retry), and late when asked (the browser's return then comes first).
// Its texts are in locales/ (SANDBOX_*).
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../../../env';
import { translate } from '../../../../i18n';
import { isLang, type Lang } from '../../../../rules/lang';
import type { Translate } from '../../../../rules/translate';
import { formatAmount } from '../../../../rules/subscription';
import { escapeHtml } from '../../../../messaging/templates';
import { api } from '../../../index';
import { sandboxFor } from '..';
import { luhnValid, Outcome, SANDBOX_CARDS, type SandboxCheckout } from '.';

/** The second delivery of every callback, and the delay of a "late" one. */
export const REPEAT_AFTER_MS = 1500;
export const LATE_AFTER_MS = 6000;
/** The 3-D Secure challenge's code in the sandbox. */
export const CHALLENGE_CODE = '1234';

const STYLE = `body{margin:0;font-family:system-ui,Arial,sans-serif;background:#f3f4f6;color:#111827}
main{max-width:420px;margin:32px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 4px}.note{color:#6b7280;font-size:.875rem;margin:0 0 20px}
.amount{font-size:2rem;font-weight:700;margin:8px 0}.plan{color:#374151;margin:0 0 16px}
label{display:block;font-weight:600;margin:14px 0 6px}input[type=text]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #9ca3af;border-radius:8px;font-size:1rem;direction:ltr}
fieldset{border:1px solid #e5e7eb;border-radius:8px;margin:14px 0;padding:8px 12px}fieldset label{font-weight:400;margin:6px 0}
button{width:100%;padding:12px;border:0;border-radius:8px;background:#4f46e5;color:#fff;font-size:1rem;font-weight:700;cursor:pointer;margin-top:16px}
.cards{font-size:.8rem;color:#6b7280;direction:ltr}.error{color:#b91c1c;font-weight:600}.ok{color:#047857;font-weight:600}a{color:#4f46e5}`;

function layout(lang: Lang, nonce: string, inner: string): string {
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(translate(lang)('SANDBOX_TITLE'))}</title><style nonce="${nonce}">${STYLE}</style></head><body><main>${inner}</main></body></html>`;
}

const Form = z.object({ card: z.string().max(40).default(''), outcome: Outcome.default('approve'), late: z.string().optional(), code: z.string().max(10).optional() });

function checkoutForm(t: Translate, c: SandboxCheckout, error = ''): string {
  const trial = c.trialDays > 0 ? `<p class="plan">${escapeHtml(t('SANDBOX_TRIAL', { days: c.trialDays }))}</p>` : '';
  const option = (value: string, label: string, checked = false) => `<label><input type="radio" name="outcome" value="${value}"${checked ? ' checked' : ''}> ${escapeHtml(label)}</label>`;
  return `<h1>${escapeHtml(t('SANDBOX_TITLE'))}</h1><p class="note">${escapeHtml(t('SANDBOX_NOTE'))}</p>
<p class="amount" dir="ltr">${formatAmount(c.money.amount)} ${c.money.currency}</p><p class="plan">${escapeHtml(c.planName)}</p>${trial}
<form method="post">${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<label for="card">${escapeHtml(t('SANDBOX_CARD'))}</label><input type="text" id="card" name="card" inputmode="numeric" autocomplete="off" value="${SANDBOX_CARDS.approve}">
<p class="cards">4242 4242 4242 4242 ✓ · 4000 0000 0000 0341 (renewals declined) · 4000 0000 0000 5126 (refunds declined) · 4000 0000 0000 0002 ✗</p>
<fieldset><legend>${escapeHtml(t('SANDBOX_OUTCOME'))}</legend>${option('approve', t('SANDBOX_APPROVE'), true)}${option('decline', t('SANDBOX_DECLINE'))}${option('challenge', t('SANDBOX_CHALLENGE'))}${option('pending', t('SANDBOX_PENDING'))}</fieldset>
<label><input type="checkbox" name="late" value="1"> ${escapeHtml(t('SANDBOX_LATE'))}</label>
<button type="submit">${escapeHtml(t('SANDBOX_PAY'))}</button></form>
<p><a href="${escapeHtml(c.urls.fail)}">${escapeHtml(t('SANDBOX_CANCEL'))}</a></p>`;
}

const langOf = (value: string | undefined): Lang => (isLang(value) ? value : 'en');

function agencyForm(lang: Lang, message = '', tone: 'error' | 'ok' = 'error', reference = ''): string {
  const t = translate(lang);
  const note = message ? `<p class="${tone === 'ok' ? 'ok' : 'error'}" role="${tone === 'ok' ? 'status' : 'alert'}">${escapeHtml(message)}</p>` : '';
  return `<h1>${escapeHtml(t('SANDBOX_AGENCY_TITLE'))}</h1><p class="note">${escapeHtml(t('SANDBOX_AGENCY_NOTE'))}</p>${note}
<form method="post"><label for="reference">${escapeHtml(t('SANDBOX_AGENCY_REFERENCE'))}</label><input type="text" id="reference" name="reference" inputmode="numeric" autocomplete="off" value="${escapeHtml(reference)}">
<button type="submit">${escapeHtml(t('SANDBOX_AGENCY_TAKE'))}</button></form>`;
}

export const sandboxPage = new Hono<AppEnv>()
  // The agency counter: the clerk types (or scans) the reference and takes the cash.
  .get('/agency', (c) => {
    if (!sandbox(c)) return c.notFound();
    const lang = langOf(c.req.query('lang'));
    return c.html(layout(lang, c.get('nonce'), agencyForm(lang, '', 'error', (c.req.query('reference') ?? '').replace(/\D/g, '').slice(0, 20))));
  })
  .post('/agency', async (c) => {
    const provider = sandbox(c);
    if (!provider) return c.notFound();
    const lang = langOf(c.req.query('lang'));
    const t = translate(lang);
    const reference = (new URLSearchParams(await c.req.text()).get('reference') ?? '').replace(/\D/g, '').slice(0, 20);
    const result = await provider.payVoucher(reference);
    if ('refused' in result) {
      const message = t({ unknown: 'SANDBOX_AGENCY_UNKNOWN', expired: 'SANDBOX_AGENCY_EXPIRED', cancelled: 'SANDBOX_AGENCY_CANCELLED', paid: 'SANDBOX_AGENCY_ALREADY' }[result.refused]);
      return c.html(layout(lang, c.get('nonce'), agencyForm(lang, message, 'error', reference)), 409);
    }
    await deliverTwice(c, result.callback, 0).first;
    const paid = t('SANDBOX_AGENCY_PAID', { amount: `${formatAmount(result.checkout.money.amount)} ${result.checkout.money.currency}`, plan: result.checkout.planName });
    return c.html(layout(lang, c.get('nonce'), agencyForm(lang, paid, 'ok')));
  })
  .get('/:ref', async (c) => {
    const provider = sandbox(c);
    const checkout = provider ? await provider.readCheckout(c.req.param('ref')) : null;
    if (!provider || !checkout) return c.notFound();
    const lang = isLang(checkout.lang) ? checkout.lang : 'en';
    if (checkout.result) return c.html(layout(lang, c.get('nonce'), `<p>${escapeHtml(translate(lang)('SANDBOX_DONE'))}</p>`));
    return c.html(layout(lang, c.get('nonce'), checkoutForm(translate(lang), checkout)));
  })
  .post('/:ref', async (c) => {
    const provider = sandbox(c);
    const ref = c.req.param('ref');
    const checkout = provider ? await provider.readCheckout(ref) : null;
    if (!provider || !checkout) return c.notFound();
    const lang = isLang(checkout.lang) ? checkout.lang : 'en';
    const t = translate(lang);
    if (checkout.result) return c.redirect(checkout.urls.ok, 303);
    const form = Form.safeParse(Object.fromEntries(new URLSearchParams(await c.req.text())));
    const input = form.success ? form.data : { card: '', outcome: 'approve' as const, late: undefined, code: undefined };
    const digits = input.card.replace(/\D/g, '');
    if (!luhnValid(digits)) return c.html(layout(lang, c.get('nonce'), checkoutForm(t, checkout, t('SANDBOX_BAD_CARD'))), 400);
    if (input.outcome === 'challenge' && input.code === undefined) {
      // The bank's 3-D Secure step: the code decides.
      return c.html(
        layout(lang, c.get('nonce'), `<h1>3-D Secure</h1><form method="post"><input type="hidden" name="card" value="${escapeHtml(digits)}"><input type="hidden" name="outcome" value="challenge">${input.late ? '<input type="hidden" name="late" value="1">' : ''}<label for="code">${escapeHtml(t('SANDBOX_CODE'))}</label><input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code"><button type="submit">${escapeHtml(t('SANDBOX_CONFIRM'))}</button></form>`),
      );
    }
    const outcome = input.outcome === 'challenge' ? (input.code === CHALLENGE_CODE ? 'approve' : 'decline') : input.outcome;
    const decided = await provider.decide(ref, { outcome, cardNumber: digits, ...(input.outcome === 'challenge' && outcome === 'decline' ? { reason: '3DS_FAILED' } : {}) });
    if (!decided) return c.redirect(checkout.urls.ok, 303);
    const deliveries = deliverTwice(c, decided.callback, input.late ? LATE_AFTER_MS : 0);
    if (!input.late) await deliveries.first;
    return c.redirect(decided.checkout.result === 'failed' ? decided.checkout.urls.fail : decided.checkout.urls.ok, 303);
  });

const sandbox = (c: { env: AppEnv['Bindings'] }) => sandboxFor(c.env);

/** Posts the signed callback to our API (in-process: the sandbox lives in this Worker), then again a moment later. */
function deliverTwice(c: { env: AppEnv['Bindings']; executionCtx: { waitUntil(p: Promise<unknown>): void } }, callback: Request, delayMs: number): { first: Promise<void> } {
  const send = async (): Promise<void> => {
    const url = new URL(callback.url);
    const res = await api.request(url.pathname.replace(/^\/api/, ''), { method: 'POST', headers: callback.headers, body: await callback.clone().text() }, c.env);
    console.log(JSON.stringify({ level: 'info', event: 'sandbox_callback_delivered', status: res.status }));
  };
  const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  const first = wait(delayMs).then(send);
  const again = first.then(() => wait(REPEAT_AFTER_MS)).then(send).catch(() => undefined);
  try {
    c.executionCtx.waitUntil(delayMs ? first.then(() => again) : again);
  } catch {
    // No execution context (tests calling the app directly): the repeat is skipped.
  }
  return { first };
}
