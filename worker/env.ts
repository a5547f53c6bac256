import type { Lang } from '../client/i18n';

/** Per-request values set by the edge middleware (worker/edge/request-context). */
export type Variables = {
  requestId: string;
  /** Random per response; allows React's inline streaming scripts under the CSP. */
  nonce: string;
  lang: Lang;
  deviceId: string;
  /** ISO country of the request (`request.cf.country`), '' when unknown. */
  country: string;
};

export type AppEnv = { Bindings: Env; Variables: Variables };

/** Splits a comma-separated wrangler var into trimmed, non-empty items. */
export const listVar = (value: string | undefined): string[] =>
  (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
