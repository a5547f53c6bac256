/**
 * Shared types of the demo catalogue seed. Pure module: no node: imports, it is
 * evaluated by vitest.config.ts as well as by the seed and image scripts.
 */

export const LANGS = ['en', 'fr', 'ar', 'es'] as const;
export type Lang = (typeof LANGS)[number];

/** One text per language. */
export type I18n = Readonly<Record<Lang, string>>;

/** Builds an {@link I18n} in the fixed order en, fr, ar, es. */
export function L(en: string, fr: string, ar: string, es: string): I18n {
  return { en, fr, ar, es };
}

export type Format = 'films' | 'series' | 'documentaries' | 'theatre' | 'kids';
export type Genre =
  | 'drama'
  | 'comedy'
  | 'history'
  | 'thriller'
  | 'family'
  | 'romance'
  | 'crime'
  | 'music'
  | 'animation'
  | 'adventure';
export type Maturity = 'all-ages' | '10-plus' | '12-plus' | '16-plus' | '18-plus';
export type Editorial = 'home' | 'trending' | 'new-releases' | 'ramadan' | 'notifications';

export interface EpisodeSeed {
  readonly number: number;
  readonly minutes: number;
  readonly name: I18n;
  readonly synopsis: I18n;
}

export interface SeasonSeed {
  readonly number: number;
  /** ISO date-time at which the whole season becomes available. */
  readonly published: string;
  readonly episodes: readonly EpisodeSeed[];
}

export interface TitleSeed {
  readonly id: number;
  readonly slug: string;
  readonly format: Format;
  readonly originalTitle: string;
  readonly name: I18n;
  readonly synopsis: I18n;
  readonly cast: readonly string[];
  readonly director: string;
  readonly screenwriter: string;
  /** YYYY-MM-DD */
  readonly releaseDate: string;
  readonly productionYear: number;
  /** ISO 3166-1 alpha-2 */
  readonly country: string;
  readonly languages: readonly string[];
  readonly subtitles: readonly string[];
  readonly tags: readonly string[];
  /** Running time in minutes; null for series (their episodes carry it). */
  readonly minutes: number | null;
  readonly trailer: boolean;
  readonly featured: boolean;
  readonly premium: boolean;
  /** ISO date-time of publication_date_start. */
  readonly published: string;
  readonly genres: readonly Genre[];
  readonly maturity: Maturity | null;
  readonly seasons?: readonly SeasonSeed[];
}

/** Episode builder: minutes, names (en, fr, ar, es), synopses (en, fr, ar, es). */
export function ep(number: number, minutes: number, name: readonly [string, string, string, string], synopsis: readonly [string, string, string, string]): EpisodeSeed {
  return { number, minutes, name: L(...name), synopsis: L(...synopsis) };
}
