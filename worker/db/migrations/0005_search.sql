-- Search (issue 5; spec §4 Search, §5 Search text): a full-text index of the top-level titles
-- whose row order IS the result order, so a page of results is read straight out of FTS5
-- (ORDER BY rowid with LIMIT stops after 41 rows) instead of sorting every match.
--
-- Text is normalised in JavaScript before it is written AND before it is matched
-- (client/search/normalize.ts: lower case, Latin accents removed, Arabic variants folded); the
-- tokenizer only splits words. Rows are written by the seed (scripts/seed/search.ts), by
-- `node scripts/search/reindex.ts` and by reindexContents() (worker/api/search/queries.ts).
-- `wrangler d1 export` refuses databases with virtual tables: drop the search_fts_* tables,
-- export, then recreate them (these CREATEs) and reindex.

-- One index per language (en, fr, ar, es), each holding every title once: rowid = its rank in
-- that language's title order (client/search/ranks.ts: language slot << 40 | position, with gaps
-- so a new title fits between two others). Separate tables keep each language's doclists short,
-- so even a one-letter prefix stops after a page. Columns: every name_long and the original
-- title; cast and director; the titles of a series' episodes; facets ('all', 'y{production
-- year}') for filters without text. Contentless: the text is only indexed.
CREATE VIRTUAL TABLE search_fts_en USING fts5(titles, people, episodes, facets, content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 0', prefix = '1 2 3');
CREATE VIRTUAL TABLE search_fts_fr USING fts5(titles, people, episodes, facets, content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 0', prefix = '1 2 3');
CREATE VIRTUAL TABLE search_fts_ar USING fts5(titles, people, episodes, facets, content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 0', prefix = '1 2 3');
CREATE VIRTUAL TABLE search_fts_es USING fts5(titles, people, episodes, facets, content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 0', prefix = '1 2 3');

-- The title and sort key (normalised name_long, English fallback) behind each rank.
CREATE TABLE search_titles (
  content_id INTEGER NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
  lang       TEXT NOT NULL,
  sort_key   TEXT NOT NULL,
  rank       INTEGER NOT NULL UNIQUE,
  PRIMARY KEY (content_id, lang)
) WITHOUT ROWID;
CREATE INDEX search_titles_sort ON search_titles(lang, sort_key, content_id);

-- A deleted title leaves the index with it.
CREATE TRIGGER contents_search_delete BEFORE DELETE ON contents BEGIN
  DELETE FROM search_fts_en WHERE rowid IN (SELECT rank FROM search_titles WHERE content_id = old.id AND lang = 'en');
  DELETE FROM search_fts_fr WHERE rowid IN (SELECT rank FROM search_titles WHERE content_id = old.id AND lang = 'fr');
  DELETE FROM search_fts_ar WHERE rowid IN (SELECT rank FROM search_titles WHERE content_id = old.id AND lang = 'ar');
  DELETE FROM search_fts_es WHERE rowid IN (SELECT rank FROM search_titles WHERE content_id = old.id AND lang = 'es');
  DELETE FROM search_titles WHERE content_id = old.id;
END;

-- Recommendations of an empty search: featured first, then the newest (read in index order).
CREATE INDEX contents_featured ON contents(featured, publication_date_start);

-- The years of the search page's year filter.
CREATE INDEX contents_year ON contents(parent_id, production_year);
