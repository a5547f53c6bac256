/**
 * The one API client, used by page loaders on the server (in-process, through the /api proxy)
 * and by islands in the browser (fetch to /api). Answers are parsed by the caller's `parse`,
 * so zod schemas stay on the server and out of island bundles.
 */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

/** An API failure: `message` is the server's `CODE: detail` text (spec §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
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
        const message = body && typeof body === 'object' && 'message' in body ? String(body.message) : res.statusText;
        throw new ApiError(res.status, message);
      }
      return parse(body);
    },
  };
}

/** Browser fetcher: same-origin /api, cookies included (the token cookie is HttpOnly). */
export const browserApi = createApi((path, init) => fetch(`/api${path}`, { credentials: 'same-origin', ...init }));
