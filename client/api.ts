/**
 * The one API client, used by page loaders on the server (in-process, through the /api proxy)
 * and by islands in the browser (fetch to /api). Answers are parsed by the caller's `parse`,
 * so zod schemas stay on the server and out of island bundles.
 */
import { translateError, type Translate } from './i18n';
import { showToast, TOAST_MS } from './toast';
import { ApiError, createApi, DEVICE_ID_HEADER, type Api } from '../worker/rules/api-client';
import { deviceId } from './device';

export { ApiError, createApi, type Api, type ApiFetch } from '../worker/rules/api-client';

/**
 * The browser's fetch of the same-origin /api: cookies included (the token cookie is HttpOnly)
 * and, as spec §7 asks of every request, the device-id header.
 */
export function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const device = deviceId();
  if (device) headers.set(DEVICE_ID_HEADER, device);
  return fetch(`/api${path}`, { credentials: 'same-origin', ...init, headers });
}

/** The API client of islands. */
export const browserApi = createApi(apiFetch);

/** Spec §8 Global: these bodies mean the session is gone; the visitor logs in again. */
const SESSION_LOST = ['NOT_AUTHORIZED:', 'E_INVALID_JWT_REFRESH_TOKEN'];
/** Where a suspended account lands (spec §4 Suspended account). */
export const SUSPENDED_URL = '/error?code=403&reason=USER_SUSPENDED';

export type RequestWithToastOptions = {
  /** The island's translate function (useI18n().t). */
  t: Translate;
  /**
   * Custom error handling (spec §8: "a custom error callback can override"): called instead of
   * the toast; return true to still show the default toast.
   */
  onError?: (error: ApiError) => boolean | void;
  /** The API client; defaults to the browser's same-origin /api client. */
  api?: Api;
};

/**
 * The request helper of spec §8 for islands: runs one API call and answers its parsed value, or
 * undefined after a failure, which it has already handled:
 * - 401 with NOT_AUTHORIZED: or E_INVALID_JWT_REFRESH_TOKEN → /login;
 * - 403 USER_SUSPENDED → the error page (ACCOUNT_SUSPENDED, login button);
 * - E_ROUTE_NOT_FOUND → ignored;
 * - otherwise `onError`, else a danger toast for TOAST_MS.request with the translation of the text
 *   before the first colon, falling back to ERROR_DEFAULT ('Une erreur est survenue.').
 * A network failure counts as an error with status 0.
 */
export async function requestWithToast<T>(
  path: string,
  parse: (value: unknown) => T,
  init: RequestInit | undefined,
  { t, onError, api = browserApi }: RequestWithToastOptions,
): Promise<T | undefined> {
  try {
    return await api.request(path, parse, init);
  } catch (caught) {
    const error = caught instanceof ApiError ? caught : new ApiError(0, 'ERROR_DEFAULT');
    if (error.status === 401 && SESSION_LOST.some((s) => error.message.includes(s))) {
      location.assign('/login');
    } else if (error.status === 403 && error.message.includes('USER_SUSPENDED')) {
      location.assign(SUSPENDED_URL);
    } else if (!error.message.startsWith('E_ROUTE_NOT_FOUND')) {
      const toast = onError ? onError(error) === true : true;
      if (toast) showToast(translateError(t, error.message), 'danger', TOAST_MS.request);
    }
    return undefined;
  }
}
