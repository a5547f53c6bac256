// The translator as React sees it: a context holding the page's language and translate function.
// The translator itself is pure and shared with the server (worker/rules/translate.ts).
import { createContext, useContext, type ReactNode } from 'react';
import { dirOf, type Lang } from '../worker/rules/lang';
import { translator, type Dict, type Translate } from '../worker/rules/translate';

export { dirOf, isLang, LANGS, type Lang } from '../worker/rules/lang';
export { formatDate, formatNumber, PLURAL_CATEGORIES, translateError, translator, type Dict, type Translate } from '../worker/rules/translate';

type I18n = { lang: Lang; dir: 'rtl' | 'ltr'; t: Translate };
const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ lang, dict, children }: { lang: Lang; dict: Dict; children: ReactNode }) {
  return <I18nContext.Provider value={{ lang, dir: dirOf(lang), t: translator(lang, dict) }}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n() outside <I18nProvider>');
  return value;
}
