/**
 * Adds or updates translation keys in the four dictionaries, keeping them sorted and identical.
 * Usage: node scripts/locales/add.ts keys.json   where keys.json is { "KEY": { "en": …, "fr": …, "ar": …, "es": … } }
 */
import { readFileSync, writeFileSync } from 'node:fs';

const LANGS = ['en', 'fr', 'ar', 'es'] as const;
type Entry = Record<(typeof LANGS)[number], string>;

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/locales/add.ts keys.json');
  process.exit(1);
}
const additions = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Entry>;
for (const [key, entry] of Object.entries(additions)) {
  for (const lang of LANGS) {
    if (typeof entry[lang] !== 'string' || entry[lang] === '') throw new Error(`${key}: missing ${lang}`);
  }
}
for (const lang of LANGS) {
  const path = new URL(`../../locales/${lang}.json`, import.meta.url);
  const dict = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
  for (const [key, entry] of Object.entries(additions)) dict[key] = entry[lang];
  const sorted = Object.fromEntries(Object.entries(dict).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(path, `${JSON.stringify(sorted, null, 2)}\n`);
}
console.log(`${Object.keys(additions).length} keys written to ${LANGS.join(', ')}`);
