/**
 * The API's answers as the one API client (client/api.ts) reads them: page loaders on the server
 * (in-process, through the /api proxy: worker/proxy/server-api.ts) and islands in the browser.
 * Answers are parsed by the caller's `parse`, so zod schemas stay out of island bundles.
 */
/** Spec §7: every request to the API carries the device id in this header. */
export const DEVICE_ID_HEADER = 'X-Device-Id';

export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

/**
 * An API failure: `message` is the server's `CODE: detail` text (spec §8); `body` is the whole
 * parsed answer (e.g. `delay`, the seconds to wait, on a 429), empty when it was not a JSON object.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Api = {
  request<T>(path: string, parse: (value: unknown) => T, init?: RequestInit): Promise<T>;
};

export function createApi(fetcher: ApiFetch): Api {
  return {
    async request(path, parse, init) {
      const res = await fetcher(path, init);
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const record = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
        throw new ApiError(res.status, 'message' in record ? String(record.message) : res.statusText, record);
      }
      return parse(body);
    },
  };
}
