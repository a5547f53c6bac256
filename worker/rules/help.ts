/**
 * The help centre (issue 15: help articles with search, spec §2 "help centre with FAQ"): its
 * categories, the contact subject each one leads to, and what is indexed. Shared by the API
 * (worker/api/help), the seed (scripts/seed/help.ts), the pages and the suggestion island.
 *
 * Text is folded by the catalogue search's one function (worker/rules/search/normalize.ts): case,
 * Latin accents, Arabic hamza and alef forms, taa marbuta, alef maqsura, diacritics, tatweel, and
 * Arabic words also indexed without the article. Nothing here folds text a second way.
 *
 * Pure module: only other rules.
 */
import type { ContactSubject } from './contact.ts';
import { indexText, normalizeSearch } from './search/normalize.ts';

/** The help centre's categories, in the order the page lists them. */
export const HELP_CATEGORIES = ['account', 'profiles-and-kids', 'subscriptions-and-payments', 'playback-and-devices', 'libraries'] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];
export const isHelpCategory = (value: string): value is HelpCategory => (HELP_CATEGORIES as readonly string[]).includes(value);

/** The translation key of a category's name (locales/*.json). */
export const helpCategoryKey = (category: HelpCategory): string => `HELP_CATEGORY_${category.replace(/-/g, '_').toUpperCase()}`;


/** "Still need help? Contact us": the contact subject of an article's category. */
export const CONTACT_SUBJECT_OF: Readonly<Record<HelpCategory, ContactSubject>> = {
  account: 'account',
  'profiles-and-kids': 'account',
  'subscriptions-and-payments': 'billing',
  'playback-and-devices': 'technical',
  libraries: 'librarian',
};

export const contactHref = (category: HelpCategory): string => `/contact?subject=${CONTACT_SUBJECT_OF[category]}`;

/** Where the help centre and its articles live (the footer and the profile menu link to the first). */
export const HELP_CENTRE_PATH = '/page/help-center';

/** A site path written in an answer (/settings/editLogin, /profile?t=subscriptions). */
export const HELP_SITE_PATH = /(?<![\w/])(\/[a-zA-Z][\w-]*(?:\/[\w-]+)*(?:\?[\w=&-]+)?)/;

/**
 * The pages answers send people to, each by the translation key of its name: an answer shows
 * "Sign-in details" linking to /settings/editLogin, never the raw path. A path not listed here is
 * shown as written.
 */
export const HELP_PAGE_NAMES: Readonly<Record<string, string>> = {
  '/register': 'TITLE_REGISTER',
  '/forgot': 'TITLE_FORGOT',
  '/profile': 'TITLE_SETTINGS_PROFILE',
  '/profile?t=subscriptions': 'MY_SUBSCRIPTION',
  '/profiles': 'TITLE_PROFILES',
  '/subscription': 'SUBSCRIPTION',
  '/settings/editLogin': 'TITLE_EDIT_LOGIN',
  '/settings/billingActivity': 'BILLING_ACTIVITY',
  '/settings/managePayment': 'MANAGE_PAYMENT',
  '/settings/changeSubscription': 'CHANGE_PLAN',
  '/settings/lock': 'PROFILE_LOCK',
  '/settings/restrictions': 'PARENTAL_CONTROL',
  '/favs': 'TITLE_FAVS',
  '/tv': 'TV_TITLE',
  '/tv/link': 'TITLE_TV',
  '/epg': 'EPG_TITLE',
};

/** An answer cut into text and site paths: odd parts are paths, each with its page's name (translated by `name`) when known. */
export function helpAnswerParts(text: string, name: (key: string) => string): { text: string; path?: string }[] {
  return text.split(HELP_SITE_PATH).map((part, i) => {
    if (i % 2 === 0) return { text: part };
    const key = HELP_PAGE_NAMES[part];
    return { text: key ? name(key) : part, path: part };
  });
}

/** An answer as plain text (meta description, structured data): its site paths replaced by their pages' names. */
export const helpPlainText = (text: string, name: (key: string) => string): string =>
  helpAnswerParts(text, name)
    .map((part) => part.text)
    .join('');

export const helpArticlePath = (slug: string): string => `${HELP_CENTRE_PATH}/${slug}`;

/** The suggestion call of the island: GET /pages/help/suggest?query=&lang=. */
export const helpSuggestPath = (query: string, lang: string): string => `/pages/help/suggest?query=${encodeURIComponent(query)}&lang=${lang}`;

/** Most suggestions while typing (GET /pages/help/suggest). */
export const HELP_SUGGEST_LIMIT = 5;
/** Most results of one search (GET /pages/help?query=). */
export const HELP_RESULTS_LIMIT = 20;
/** The longest query accepted (characters, before folding). */
export const HELP_QUERY_MAX = 200;
/** Suggestions are fetched this long after the last keystroke. */
export const HELP_SUGGEST_DEBOUNCE_MS = 200;

/** An article's text by language (JSON in D1). */
export type HelpText = Readonly<Partial<Record<string, string>>>;

/**
 * Words that mean the same thing to a viewer, in any of the four languages: an article whose text
 * holds one phrase of a group is also indexed under the others, so "كلمة السر" finds an answer
 * written with "كلمة المرور", "mdp" one about "mot de passe". Phrases are folded like all text.
 */
export const HELP_SYNONYMS: readonly (readonly string[])[] = [
  ['كلمة المرور', 'كلمة السر', 'كلمة سر', 'password', 'mot de passe', 'mdp', 'contraseña'],
  ['البريد الإلكتروني', 'الإيميل', 'email', 'e-mail', 'courriel', 'correo'],
  ['الترجمة', 'subtitles', 'sous-titres', 'subtítulos'],
  ['فاتورة', 'الفاتورة', 'invoice', 'facture', 'factura'],
];

/** The folded phrases of each group, spaced so a phrase is found as whole words. */
const SYNONYM_GROUPS = HELP_SYNONYMS.map((group) => group.map((phrase) => ` ${normalizeSearch(phrase)} `));

/** The phrases of every group one of whose phrases is in `text`. */
function synonymsIn(text: string): string[] {
  const folded = ` ${normalizeSearch(text)} `;
  return SYNONYM_GROUPS.filter((group) => group.some((phrase) => folded.includes(phrase))).flat();
}

/** The FTS columns of an article (worker/db/migrations/0010_help_centre.sql `help_fts`). */
export type HelpIndexRow = { question: string; answer: string; keywords: string };

/**
 * What is indexed of an article: the folded words of its question and its answer in all four
 * languages (a search in any language finds it, whatever the page's language), and in `keywords`
 * its own search words plus the synonyms of what it says.
 */
export function helpIndexRow(article: { question: HelpText; answer: HelpText; keywords: HelpText }): HelpIndexRow {
  const all = (texts: HelpText): string[] => Object.values(texts).filter((v): v is string => typeof v === 'string');
  const everything = [...all(article.question), ...all(article.answer), ...all(article.keywords)].join(' \n ');
  return {
    question: indexText(all(article.question)),
    answer: indexText(all(article.answer)),
    keywords: indexText([...all(article.keywords), ...synonymsIn(everything)]),
  };
}
