import type { Lang } from './rules/lang';
import type { Tokens, User } from './api/auth/schemas';
import type { UserRow } from './api/kernel/users';
import type { Staff } from './api/kernel/staff';
import type { Config } from './api/configs/schemas';
import type { Flash } from './session/cookies';
import type { RequestDb } from './api/kernel/request-db';

/** Per-request values set by the edge middleware (worker/edge/request-context). */
export type Variables = {
  requestId: string;
  /** Random per response; allows React's inline streaming scripts under the CSP. */
  nonce: string;
  lang: Lang;
  deviceId: string;
  /** ISO country of the request (`request.cf.country`), '' when unknown. */
  country: string;
  /** Session (worker/session): tokens written or cleared during this request (undefined: read the cookie). */
  tokens?: Tokens | null;
  /** The visitor: the logged-in user, or the anonymous guest of spec §3 (worker/session/user.ts). */
  user?: User;
  /** One refresh per request, shared by parallel API calls (worker/proxy). */
  refreshing?: Promise<Tokens | null>;
  flash?: Flash[];
  /** The visitor's `profile` cookie named one of their profiles, and the API accepted it (worker/session/user.ts). */
  profileChosen?: boolean;
  /** The request's D1 session, shared by its API calls (worker/proxy/bookmark-cookie.ts, worker/api/kernel/request-db.ts). */
  db?: RequestDb;
  /** GET /configs of this request (worker/pages/loaders.ts). */
  config?: Promise<Config>;
  /** A part of the streamed page failed to render (worker/pages/render.tsx): not for the guests' page cache. */
  renderFailed?: boolean;
  /** API: the authenticated caller (worker/api/kernel/auth.ts). */
  auth?: { user: UserRow; sessionId: string };
  /** API: the staff member of a back-office request (worker/api/kernel/staff.ts). */
  staff?: Staff;
};

/**
 * Secrets (`wrangler secret put NAME`; `.dev.vars` locally). Not in wrangler.toml, so typed here.
 * JWT_SECRET signs access tokens; without it the worker refuses to sign unless DEV_OUTBOX is on (dev).
 */
export type Secrets = {
  JWT_SECRET?: string;
  /** Signs /media URLs (worker/media/sign.ts); falls back to JWT_SECRET. */
  MEDIA_SECRET?: string;
  RESEND_API_KEY?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  /** Web push (worker/push/keys.ts): the VAPID key pair, base64url (raw P-256 public point, private scalar). */
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  /** Payments (worker/api/payments/providers): the sandbox's callback key, CMI's store key, Stripe's keys. */
  PAYMENT_SANDBOX_SECRET?: string;
  CMI_STORE_KEY?: string;
  /** CMI's merchant API (refunds, worker/api/payments/providers/cmi.ts): a store user of type API and its password. */
  CMI_API_USER?: string;
  CMI_API_PASSWORD?: string;
  /** Optional setting: CMI's merchant API address (default: the gateway's host at /fim/api). */
  CMI_API_URL?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Mobile payment aggregator (worker/api/payments/providers/mobile.ts): its API key and webhook signing secret. */
  MOBILE_API_KEY?: string;
  MOBILE_WEBHOOK_SECRET?: string;
  /** Contact form human check (worker/api/contact/turnstile.ts): Cloudflare Turnstile's secret key; a documented test secret runs the sandbox. */
  TURNSTILE_SECRET_KEY?: string;
  /**
   * Library patron authentication over SIP2 (worker/api/libraries/patrons/sip2.ts): each SIP2
   * library's login to its ILS, JSON {"<library-slug>": {"user": "...", "password": "...", "location": "..."}}
   * (optional per library: "tls" true/false, "request" "63" or "23"). A library without an entry does not log in.
   */
  SIP2_CREDENTIALS?: string;
  /** E-tickets (worker/api/events/etickets/signing.ts): base64url of the 32-byte Ed25519 seed that signs tickets' tokens. */
  ETICKET_SIGNING_KEY?: string;
  /** Optional setting: the credit notes' number prefix (worker/api/payments/refunds/credit-notes.ts), default "AV" (avoir). */
  CREDIT_NOTE_PREFIX?: string;
  /** Optional setting: accounts that may be created per address an hour (worker/limits 'register-ip', default 20). */
  REGISTRATIONS_PER_ADDRESS_HOUR?: string;
  /** Tests only (vitest.config.ts): "true" lets a request set its clock with `x-test-now` (worker/api/kernel/clock.ts). */
  TEST_CLOCK?: string;
};

export type Bindings = Env & Secrets;

export type AppEnv = { Bindings: Bindings; Variables: Variables };

/** Splits a comma-separated wrangler var into trimmed, non-empty items. */
export const listVar = (value: string | undefined): string[] =>
  (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
