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

/** The dictionary text of a key, with {{params}} filled in. */
export const text = (lang: Lang, key: string, params: Record<string, string | number> = {}): string =>
  (dict(lang)[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** The text of a key as a pattern, any number standing for each {{param}}. */
export const pattern = (lang: Lang, key: string): RegExp =>
  new RegExp((dict(lang)[key] ?? key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\\\{\w+\\\}\\\}/g, '\\d+'));
