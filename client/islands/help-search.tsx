import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { browserApi } from '../api';
import { useI18n } from '../i18n';
import { defineIsland } from '../island';
import { HELP_CENTRE_PATH, HELP_QUERY_MAX, HELP_SUGGEST_DEBOUNCE_MS, helpArticlePath, helpSuggestPath } from '../../worker/rules/help';

type Suggestion = { slug: string; question: string };
type Props = { query: string };

const LIST_ID = 'help-suggestions';
const optionId = (i: number) => `help-suggestion-${i}`;

/** The answer of GET /pages/help/suggest, checked by hand (zod stays out of island bundles). */
function parseSuggestions(value: unknown): Suggestion[] {
  const list = (value as { suggestions?: unknown } | null)?.suggestions;
  if (!Array.isArray(list)) throw new Error('unexpected suggestions');
  return list.filter((s): s is Suggestion => typeof s?.slug === 'string' && typeof s?.question === 'string');
}

/**
 * The help centre's search box (issue 15). Without JavaScript it is a plain GET form whose results
 * the server renders. Live, it is an ARIA combobox: HELP_SUGGEST_DEBOUNCE_MS after the last
 * keystroke it asks GET /pages/help/suggest for the top 5 questions and lists them (a listbox,
 * the active one named by aria-activedescendant); ↓/↑ move, Enter opens the chosen article (or
 * submits the search when none is chosen), Escape closes the list. Failures are only logged.
 */
export default function HelpSearch({ query }: Props) {
  const { t, lang } = useI18n();
  const [text, setText] = useState(query);
  const [typed, setTyped] = useState(false);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const latest = useRef(0);

  useEffect(() => {
    const q = text.trim();
    if (!typed || q === '') {
      setItems([]);
      return;
    }
    const id = ++latest.current;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      browserApi
        .request(helpSuggestPath(q, lang), parseSuggestions, { signal: controller.signal })
        .then((found) => {
          if (id !== latest.current) return;
          setItems(found);
          setActive(-1);
          setOpen(true);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.warn('help suggestions failed', error);
        });
    }, HELP_SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, typed, lang]);

  const expanded = open && items.length > 0;
  const go = (item: Suggestion) => location.assign(helpArticlePath(item.slug));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const n = items.length;
    if (event.key === 'ArrowDown' && n > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % n);
    } else if (event.key === 'ArrowUp' && n > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? n - 1 : i - 1));
    } else if (event.key === 'Enter' && expanded && items[active]) {
      event.preventDefault();
      go(items[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <form className="help-search" role="search" method="get" action={HELP_CENTRE_PATH}>
      <label className="help-search__label" htmlFor="help-q">
        {t('HELP_SEARCH_LABEL')}
      </label>
      <div className="help-search__bar">
        <div className="help-search__combo">
          <input
            id="help-q"
            className="field__input help-search__input"
            type="search"
            name="q"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setTyped(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
            onFocus={() => items.length > 0 && setOpen(true)}
            placeholder={t('HELP_SEARCH_PLACEHOLDER')}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={HELP_QUERY_MAX}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={LIST_ID}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          />
          <ul id={LIST_ID} className="help-search__list" role="listbox" aria-label={t('HELP_SUGGESTIONS')} hidden={!expanded}>
            {items.map((item, i) => (
              <li
                key={item.slug}
                id={optionId(i)}
                className="help-search__option"
                role="option"
                aria-selected={i === active}
                // Keeps the focus in the input, so the list stays open until the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(item)}
              >
                {item.question}
              </li>
            ))}
          </ul>
        </div>
        <button className="button button--primary" type="submit">
          {t('SEARCH')}
        </button>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {expanded ? t('HELP_SUGGESTIONS_COUNT', { count: items.length }) : ''}
      </p>
    </form>
  );
}

export const HelpSearchIsland = defineIsland('help-search', HelpSearch);
