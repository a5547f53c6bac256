-- The help centre (issue 15, spec §2 "help centre with FAQ", /page/help-center): articles in four
-- languages, grouped by category, each with its "Was this helpful?" counts, and a search index.
--
-- Questions, answers and keywords are JSON objects by language ({"en": "…", "ar": "…"}), as the
-- live TV tables hold names (0009_live_tv.sql); readers fall back to English, then any language.
-- Keywords are the other words viewers use for the same thing (كلمة المرور / كلمة السر, mdp).
CREATE TABLE help_articles (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  slug TEXT NOT NULL UNIQUE,
  -- worker/rules/help.ts HELP_CATEGORIES.
  category TEXT NOT NULL CHECK (category IN ('account', 'profiles-and-kids', 'subscriptions-and-payments', 'playback-and-devices', 'libraries')),
  -- Order inside its category.
  position INTEGER NOT NULL DEFAULT 0,
  question TEXT NOT NULL,
  answer TEXT NOT NULL,
  keywords TEXT NOT NULL DEFAULT '{}',
  -- "Was this helpful?": counted by one UPDATE … SET helpful_yes = helpful_yes + 1, so parallel votes all count.
  helpful_yes INTEGER NOT NULL DEFAULT 0,
  helpful_no INTEGER NOT NULL DEFAULT 0,
  published INTEGER NOT NULL DEFAULT 1,
  updated_at TEXT NOT NULL
);
CREATE INDEX help_articles_category ON help_articles(category, position);

-- The search index: rowid = help_articles.id; each column holds the words of every language,
-- folded by worker/rules/search/normalize.ts (the catalogue's one folding: case, accents, Arabic
-- hamza and alef forms, taa marbuta, alef maqsura, diacritics; 'ال' also without the article) in
-- JavaScript before they are written and before they are matched (worker/rules/help.ts
-- helpIndexRow). Contentless: the text is only indexed. Rows are written by the seed
-- (scripts/seed/help.ts). Like the catalogue's index, drop it before `wrangler d1 export`.
CREATE VIRTUAL TABLE help_fts USING fts5(question, answer, keywords, content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 0', prefix = '1 2 3');

-- A deleted article leaves the index with it.
CREATE TRIGGER help_articles_search_delete BEFORE DELETE ON help_articles BEGIN
  DELETE FROM help_fts WHERE rowid = old.id;
END;
