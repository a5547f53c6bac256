// Message shapes, provider interfaces and the one error every provider throws (re-exported by ./index).

export type Email = { to: string; subject: string; text: string; html?: string };
/** `to` in E.164, e.g. +212612345678. */
export type Sms = { to: string; text: string };

export interface Mailer {
  send(email: Email): Promise<void>;
}
export interface SmsSender {
  send(sms: Sms): Promise<void>;
}

/** A provider refused the message, could not be reached, or is not configured. Never carries secrets or bodies. */
export class SendError extends Error {
  override name = 'SendError';
  /** The provider's HTTP status, when it answered. */
  readonly status: number | undefined;
  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
  }
}

const E164 = /^\+[1-9]\d{6,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Refuses recipients a provider would reject (or that could smuggle headers), the same in dev and production. */
export function checkEmailRecipient(to: string): void {
  if (!EMAIL.test(to)) throw new SendError('email: invalid recipient');
}
export function checkSmsRecipient(to: string): void {
  if (!E164.test(to)) throw new SendError('sms: recipient must be E.164 (+212612345678)');
}

/** `https://host/` → `https://host`, with a fallback for an empty var. */
export const baseUrl = (value: string | undefined, fallback: string): string => (value || fallback).replace(/\/+$/, '');
