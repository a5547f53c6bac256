-- Catalogue slice: configuration, menus, navigation rows, categories and contents.
-- Text shown to viewers lives in *_i18n tables, one row per language (en, fr, ar, es).

CREATE TABLE config (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL -- JSON
);

CREATE TABLE categories (
  id        INTEGER PRIMARY KEY,
  slug      TEXT NOT NULL UNIQUE,
  parent_id INTEGER REFERENCES categories(id) ON DELETE CASCADE,
  -- children of the "maturity" parent carry the minimum age of their rating (0 = all audiences)
  rating    INTEGER,
  position  INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE category_i18n (
  category_id INTEGER NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  lang        TEXT NOT NULL,
  name        TEXT NOT NULL,
  description TEXT,
  PRIMARY KEY (category_id, lang)
);

CREATE TABLE contents (
  id                     INTEGER PRIMARY KEY,
  slug                   TEXT NOT NULL UNIQUE,
  type                   TEXT NOT NULL CHECK (type IN ('video', 'playlist', 'grid', 'webview')),
  -- episodes are contents of type video whose parent is a series (a playlist)
  parent_id              INTEGER REFERENCES contents(id) ON DELETE CASCADE,
  season_number          INTEGER,
  episode_number         INTEGER,
  original_title         TEXT NOT NULL,
  "cast"                 TEXT NOT NULL DEFAULT '[]', -- JSON array of names
  director               TEXT,
  screenwriter           TEXT,
  release_date           TEXT,                        -- YYYY-MM-DD
  production_year        INTEGER,
  country                TEXT,                        -- ISO 3166-1 alpha-2
  languages              TEXT NOT NULL DEFAULT '[]',  -- JSON array of ISO 639-1 codes
  subtitles              TEXT NOT NULL DEFAULT '[]',  -- JSON array of ISO 639-1 codes
  tags                   TEXT NOT NULL DEFAULT '[]',  -- JSON array of keywords
  duration               INTEGER,                     -- seconds
  trailer_url            TEXT,
  featured               INTEGER NOT NULL DEFAULT 0,
  premium                INTEGER NOT NULL DEFAULT 0,
  publication_date_start TEXT NOT NULL,               -- ISO date-time
  tile_image             TEXT,
  vertical_image         TEXT
);
CREATE INDEX contents_parent ON contents(parent_id, season_number, episode_number);

CREATE TABLE content_i18n (
  content_id INTEGER NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
  lang       TEXT NOT NULL,
  name_long  TEXT NOT NULL,
  synopsis   TEXT,
  PRIMARY KEY (content_id, lang)
);

CREATE TABLE content_categories (
  content_id  INTEGER NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
  category_id INTEGER NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  position    INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (content_id, category_id)
);
CREATE INDEX content_categories_category ON content_categories(category_id, position);

-- Dynamic menu of the top bar and footer (spec §2 Menus): linked by type.
CREATE TABLE menu_items (
  id       INTEGER PRIMARY KEY,
  slug     TEXT NOT NULL,
  type     TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE menu_item_i18n (
  menu_item_id INTEGER NOT NULL REFERENCES menu_items(id) ON DELETE CASCADE,
  lang         TEXT NOT NULL,
  name         TEXT NOT NULL,
  PRIMARY KEY (menu_item_id, lang)
);

-- Rows of the home page, each showing one category.
CREATE TABLE navigation (
  id          INTEGER PRIMARY KEY,
  category_id INTEGER NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  position    INTEGER NOT NULL DEFAULT 0
);
