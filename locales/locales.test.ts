import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';

const dictionaries: Record<string, Record<string, string>> = { en, fr, ar, es };
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('have the same keys in all four languages', () => {
    const keys = Object.keys(en).sort();
    for (const [lang, dict] of Object.entries(dictionaries)) {
      expect(Object.keys(dict).sort(), `keys of ${lang}.json`).toEqual(keys);
    }
  });

  it('have no empty text and the same {{placeholders}} in every language', () => {
    for (const [key, text] of Object.entries(en)) {
      for (const [lang, dict] of Object.entries(dictionaries)) {
        expect(dict[key]?.trim(), `${lang}:${key}`).toBeTruthy();
        expect(placeholders(dict[key] ?? ''), `${lang}:${key}`).toEqual(placeholders(text));
      }
    }
  });
});
