/** One help article of the seed (scripts/seed/help.ts): its question and answer in the four languages. */
export type I18n = { en: string; fr: string; ar: string; es: string };

export type HelpSeed = {
  slug: string;
  question: I18n;
  /** A few concrete sentences; site paths (/settings/editLogin) become links on the page. */
  answer: I18n;
  /** Other words viewers type for the same thing (indexed, never shown). */
  keywords?: Partial<I18n>;
};
