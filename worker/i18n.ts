// The server's translator: all four dictionaries, so the worker renders any language (pages,
// emails, SMS, invoices). No React: API areas, messaging and the edge import it.
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import type { Lang } from './rules/lang';
import { translator, type Dict, type Translate } from './rules/translate';

/** All four dictionaries: the worker renders any language. */
export const dictionaries: Record<Lang, Dict> = { en, fr, ar, es };

export const translate = (lang: Lang): Translate => translator(lang, dictionaries[lang]);
