import { dictionaries } from '../../i18n';
import { ApiError } from '../../rules/api-client';
import { consoleFailure, renderConsole, type ConsoleArgs, type Shown } from './kit';

/**
 * An action's API failure as its form shows it, for an area whose refusal codes have console
 * translations under a prefix of their own (SUPPORT_TICKET_NOT_FOUND → ADMIN_SUPPORT_TICKET_NOT_FOUND,
 * REFUND_TOO_LARGE → ADMIN_REFUNDS_ERROR_REFUND_TOO_LARGE). The detail after the code is the
 * message's `reason` (a provider's refusal says why). Codes without such a key read as the kit shows them.
 */
export function areaFailure(error: unknown, prefix: string, values?: Record<string, string>): Shown {
  const shown = consoleFailure(error, values);
  if (!(error instanceof ApiError) || !shown.state?.message) return shown;
  const at = error.message.indexOf(':');
  const code = (at < 0 ? error.message : error.message.slice(0, at)).trim();
  const key = `${prefix}${code}`;
  if (!(key in dictionaries.en)) return shown;
  const reason = at < 0 ? '' : error.message.slice(at + 1).trim();
  return { ...shown, state: { ...shown.state, message: { kind: 'danger', key, params: { reason } } } };
}

/** A page whose subject the API does not know (404): the message `key` in the console's frame. */
export function consoleNotFound({ c, t, me }: ConsoleArgs, key: string): Response | Promise<Response> {
  return renderConsole(c, me, { element: <p className="console__refused" role="alert">{t(key)}</p>, title: t(key), status: 404 });
}

/** A loader's read whose 404 is that page (anything else is thrown on). */
export async function orNotFound<T>(page: ConsoleArgs, key: string, read: Promise<T>): Promise<T | Response> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return consoleNotFound(page, key);
    throw error;
  }
}

/** A page the staff member's roles do not open (403), as the kit refuses a page's single permission. */
export function consoleForbidden({ c, t, me }: ConsoleArgs): Response | Promise<Response> {
  return renderConsole(c, me, { element: <p className="console__refused" role="alert">{t('ADMIN_FORBIDDEN')}</p>, title: t('ADMIN_FORBIDDEN_TITLE'), status: 403 });
}
