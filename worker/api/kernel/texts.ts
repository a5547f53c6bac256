import type { Lang } from '../../rules/lang';
import { pickText } from '../../rules/live-tv';

/** A JSON object of texts by language ({"en": "…", "ar": "…"}), or null. */
export function texts(json: string | null): Record<string, string> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : null;
  } catch {
    return null;
  }
}

/** One text of a JSON column in the language (English, then any, as fallback); a plain string is itself. */
export const textIn = (json: string, lang: Lang): string => pickText(texts(json), lang) || json;
