/**
 * Makes a VAPID key pair for web push (RFC 8292), in the format worker/push/keys.ts reads:
 * VAPID_PUBLIC_KEY = the uncompressed P-256 public point, VAPID_PRIVATE_KEY = the private scalar,
 * both base64url without padding (the format of `web-push generate-vapid-keys` too).
 *
 *   node scripts/push/vapid-keys.ts              # prints the pair and the commands to store it
 *   node scripts/push/vapid-keys.ts --dev-vars   # writes it into .dev.vars (local wrangler dev)
 *
 * Local development needs none of this: with DEV_OUTBOX on (npm start, the tests) the worker uses a
 * fixed development pair. Keep one pair per deployment: changing it orphans every subscription
 * (browsers re-subscribe the next time notifications are turned on).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const toBase64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
const publicKey = toBase64url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey);
const privateKey = d ?? '';
const lines = { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey };

if (process.argv.includes('--dev-vars')) {
  const file = new URL('../../.dev.vars', import.meta.url);
  const kept = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((line) => line && !/^VAPID_(PUBLIC|PRIVATE)_KEY=/.test(line)) : [];
  writeFileSync(file, [...kept, ...Object.entries(lines).map(([name, value]) => `${name}=${value}`)].join('\n') + '\n');
  console.log('vapid-keys: written to .dev.vars (git-ignored); set VAPID_SUBJECT too, e.g. --var VAPID_SUBJECT:mailto:you@example.com');
} else {
  for (const [name, value] of Object.entries(lines)) console.log(`${name}=${value}`);
  console.log('\nStore them as secrets, and set VAPID_SUBJECT (a mailto: or https: contact) in wrangler.toml [vars]:');
  console.log('  npx wrangler secret put VAPID_PUBLIC_KEY');
  console.log('  npx wrangler secret put VAPID_PRIVATE_KEY');
}
