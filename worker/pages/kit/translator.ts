import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';

export type Translate = ReturnType<typeof translate>;

/** The translator of this request: the language the edge chose for it (English before it chose, in an early error). */
export const translatorOf = (c: Context<AppEnv>): Translate => translate(c.get('lang') ?? 'en');
