/**
 * Payments bench (issue 13), on the bench's running worker (DEV_OUTBOX=true: the sandbox provider):
 * - callback → active: for N fresh users, a checkout is started through the site's API, then the
 *   sandbox's signed server-to-server callback is posted (signed as the sandbox signs, with the
 *   development key) and the time until the user's account answers premium is measured;
 * - invoice PDF: the time to answer GET /api/payments/invoices/{n}.pdf (made in the Worker), in
 *   English and Arabic.
 *   import { benchPayments } from './payments.ts'   (scripts/bench/index.ts, --only=payments)
 */
import { createHmac } from 'node:crypto';

const PASSWORD = 'Sesame123';
/** The sandbox's development signing key (worker/api/payments/providers/index.ts). */
const DEV_SANDBOX_SECRET = 'tafrij-dev-sandbox-secret';
const PLAN = 2;

export type PaymentsBench = {
  callbackToActive: { samples: number; p50Ms: number; p95Ms: number; maxMs: number };
  /** First request: made in the Worker; again: the copy kept in R2. */
  invoicePdf: Record<'en' | 'ar', { renderP50Ms: number; renderP95Ms: number; storedP50Ms: number; storedP95Ms: number; bytes: number }> & { samples: number };
};

const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

/** A cookie-carrying client of the site (the BFF keeps the session in the `token` cookie). */
function client(origin: string) {
  const jar = new Map<string, string>();
  return async (path: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
    headers.set('origin', origin);
    const res = await fetch(origin + path, { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
}

async function newMember(origin: string, lang: string) {
  const call = client(origin);
  const email = `bench-pay-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const registered = await call('/api/auth/register', { method: 'POST', body: JSON.stringify({ email, password: PASSWORD, lang, profile: { username: 'Bench' } }) });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const logged = await call('/api/auth/login', { method: 'POST', body: JSON.stringify({ login: email, password: PASSWORD }) });
  if (logged.status !== 200) throw new Error(`login: ${logged.status}`);
  await call('/api/auth/lang', { method: 'PUT', body: JSON.stringify({ lang }) });
  return call;
}

/** The signed callback the sandbox would post for an approved checkout. */
function signedCallback(transactionId: string, ref: string, amount: number, currency: string): { body: string; signature: string } {
  const body = JSON.stringify({ id: `sbx_evt_${ref}`, type: 'payment.accepted', transactionId, providerRef: ref, money: { amount, currency }, customerRef: `bench_${ref}` });
  const t = Math.floor(Date.now() / 1000);
  return { body, signature: `t=${t},v1=${createHmac('sha256', DEV_SANDBOX_SECRET).update(`${t}.${body}`).digest('hex')}` };
}

/** One paid subscription: checkout, then the callback; answers the ms from the callback's post to a premium account. */
async function payOnce(origin: string, call: Awaited<ReturnType<typeof newMember>>): Promise<number> {
  const started = await call(`/api/payments/subscription/${PLAN}`, { method: 'POST', body: JSON.stringify({ currency: 'MAD' }) });
  if (started.status !== 200) throw new Error(`checkout: ${started.status} ${await started.text()}`);
  const answer = (await started.json()) as { transaction: { id: string }; checkout: { url: string } };
  const ref = new URL(answer.checkout.url).pathname.split('/').pop() ?? '';
  const plans = (await (await call('/api/payments/plans')).json()) as { id: number; prices: { MAD: number } }[];
  const amount = plans.find((p) => p.id === PLAN)?.prices.MAD ?? 0;
  const { body, signature } = signedCallback(answer.transaction.id, ref, amount, 'MAD');
  const t0 = performance.now();
  const callback = await fetch(`${origin}/api/payments/callback/sandbox`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature }, body });
  if (callback.status !== 200) throw new Error(`callback: ${callback.status} ${await callback.text()}`);
  for (;;) {
    const user = (await (await call('/api/auth/user')).json()) as { subscription_id: number | null };
    if (user.subscription_id === PLAN) return performance.now() - t0;
    if (performance.now() - t0 > 10_000) throw new Error('the subscription never became active');
  }
}

export async function benchPayments(options: { origin: string; log: (m: string) => void; samples?: number }): Promise<PaymentsBench> {
  const samples = options.samples ?? 30;
  const durations: number[] = [];
  const members: Record<'en' | 'ar', Awaited<ReturnType<typeof newMember>>[]> = { en: [], ar: [] };
  for (let i = 0; i < samples; i++) {
    const lang = i % 2 === 0 ? 'en' : 'ar';
    const call = await newMember(options.origin, lang);
    durations.push(await payOnce(options.origin, call));
    members[lang].push(call);
  }
  options.log(`callback → active measured on ${samples} subscriptions`);
  const invoice = async (lang: 'en' | 'ar') => {
    const times: number[][] = [[], []];
    let bytes = 0;
    for (const call of members[lang]) {
      const list = (await (await call('/api/payments/transactions')).json()) as { invoice_number: number | null }[];
      const number = list[0]?.invoice_number;
      if (!number) throw new Error('no invoice');
      for (let k = 0; k < 2; k++) {
        const t0 = performance.now();
        const res = await call(`/api/payments/invoices/${number}.pdf`);
        const pdf = new Uint8Array(await res.arrayBuffer());
        times[k]?.push(performance.now() - t0);
        if (res.status !== 200 || pdf.length < 1000) throw new Error(`invoice ${number}: ${res.status}`);
        bytes = pdf.length;
      }
    }
    const [render = [], stored = []] = times;
    return { renderP50Ms: quantile(render, 0.5), renderP95Ms: quantile(render, 0.95), storedP50Ms: quantile(stored, 0.5), storedP95Ms: quantile(stored, 0.95), bytes, count: render.length };
  };
  const en = await invoice('en');
  const ar = await invoice('ar');
  return {
    callbackToActive: { samples, p50Ms: quantile(durations, 0.5), p95Ms: quantile(durations, 0.95), maxMs: Math.max(...durations) },
    invoicePdf: { en, ar, samples: en.count + ar.count },
  };
}
