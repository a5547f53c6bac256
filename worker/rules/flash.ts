/** A one-shot toast carried across a redirect (the `flash` cookie, worker/session/cookies.ts), shown by client/components/Toasts.tsx. */
export type Flash = { kind: 'success' | 'danger'; key: string; params?: Record<string, string | number> };
