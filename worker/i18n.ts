import ar from '../locales/ar.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import { translator, type Dict, type Lang, type Translate } from '../client/i18n';

/** All four dictionaries: the worker renders any language. */
export const dictionaries: Record<Lang, Dict> = { en, fr, ar, es };

export const translate = (lang: Lang): Translate => translator(lang, dictionaries[lang]);
