import { readFileSync } from 'node:fs';

/** The interface texts the specs look for, from the same dictionaries the pages use. */
export type Lang = 'en' | 'fr' | 'ar' | 'es';

const cache = new Map<Lang, Record<string, string>>();

export function dict(lang: Lang): Record<string, string> {
  let words = cache.get(lang);
  if (!words) {
    words = JSON.parse(readFileSync(new URL(`../locales/${lang}.json`, import.meta.url), 'utf8')) as Record<string, string>;
    cache.set(lang, words);
  }
  return words;
}

/** A key's plural form for a numeric `count`, as the pages pick it (client/i18n.tsx): KEY_few, else KEY_other, else KEY. */
function form(lang: Lang, key: string, count: unknown): string {
  const words = dict(lang);
  if (typeof count !== 'number') return words[key] === undefined && words[`${key}_other`] !== undefined ? `${key}_other` : key;
  return [`${key}_${new Intl.PluralRules(lang).select(count)}`, `${key}_other`].find((k) => words[k] !== undefined) ?? key;
}

/** The dictionary text of a key (its plural form for `count`), with {{params}} filled in. */
export const text = (lang: Lang, key: string, params: Record<string, string | number> = {}): string =>
  (dict(lang)[form(lang, key, params.count)] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** The text of a key as a pattern, any number standing for each {{param}}. */
export const pattern = (lang: Lang, key: string): RegExp =>
  new RegExp((dict(lang)[form(lang, key, undefined)] ?? key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\w+\\\}\\\}/g, '\\d+'));
