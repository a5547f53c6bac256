// HMAC-SHA256 signatures in the `t=<unix seconds>,v1=<hex>` header form over "t.body" (the form
// Stripe documents for its webhooks; the sandbox signs its callbacks the same way).

const hex = (bytes: ArrayBuffer): string => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** HMAC-SHA-256 of `text` under `secret`, in hex. */
export async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
}

/** Constant-time comparison of two strings. */
export function sameText(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

export async function signatureHeader(secret: string, body: string, now: Date): Promise<string> {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${await hmacHex(secret, `${t}.${body}`)}`;
}

/** Why a signature header does not hold, or null when it does (within `toleranceSeconds` of now). */
export async function signatureProblem(secret: string, body: string, header: string | null, now: Date, toleranceSeconds = 300): Promise<string | null> {
  if (!header) return 'no signature';
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return 'malformed signature';
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return 'signature too old';
  return sameText(await hmacHex(secret, `${t}.${body}`), parts.v1) ? null : 'bad signature';
}
