/**
 * Texts by language as D1 stores them: a JSON object such as {"en": "…", "fr": "…", "ar": "…"}
 * (channel names, programme titles, partners, libraries, festivals and shows, help articles).
 */

/** The text of `json` in `lang`, else English, else any language given; '' when there is none (empty, not JSON, not an object of texts). */
export function pickText(json: string | null | undefined, lang: string): string {
  if (!json) return '';
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return '';
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const byLang = new Map(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return byLang.get(lang) ?? byLang.get('en') ?? byLang.values().next().value ?? '';
}

/** One text of a JSON column in the language (English, then any, as fallback); a plain string is itself. */
export const textIn = (json: string, lang: string): string => pickText(json, lang) || json;
