-- Public libraries (issue 17, spec §1 library-card service, §2 library finder and library card
-- entry, §3 User `libraries` and the library entity: name, city, postal code, card number, card PIN
-- or password). Names, cities and landing texts are JSON objects by language ({"en": "…", "ar": "…"})
-- as in 0009_live_tv.sql; readers fall back to English, then to any language given.
CREATE TABLE libraries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  city TEXT NOT NULL,
  postal_code TEXT NOT NULL,
  logo TEXT,
  landing TEXT NOT NULL DEFAULT '{}',
  -- Each patron's tickets for a calendar month (UTC); watching a library title costs one (a 72-hour loan).
  monthly_tickets INTEGER NOT NULL DEFAULT 5 CHECK (monthly_tickets >= 0),
  -- How cards are checked (worker/api/libraries/patrons): an imported patron list, or the library's ILS over SIP2.
  patron_auth TEXT NOT NULL DEFAULT 'csv' CHECK (patron_auth IN ('csv', 'sip2')),
  sip2_host TEXT,
  sip2_port INTEGER,
  sip2_institution TEXT,
  -- The library finder's folded words (worker/rules/search/normalize.ts indexText of the names and
  -- cities in every language, the postal code and the slug): "الرباط" and "rabat" both find Rabat.
  search_text TEXT NOT NULL DEFAULT '',
  published INTEGER NOT NULL DEFAULT 1,
  updated_at TEXT NOT NULL
);

-- The titles a library includes (films free to its patrons, one ticket each).
CREATE TABLE library_titles (
  library_id INTEGER NOT NULL REFERENCES libraries(id) ON DELETE CASCADE,
  content_id INTEGER NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (library_id, content_id)
);
CREATE INDEX library_titles_content ON library_titles(content_id);

-- A user's library card: one card per user and library, one card number linked to one account.
CREATE TABLE library_cards (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  library_id INTEGER NOT NULL REFERENCES libraries(id) ON DELETE CASCADE,
  card_number TEXT NOT NULL,
  -- The PIN sealed with AES-GCM (worker/api/libraries/seal.ts), so the card can be re-checked with
  -- the library when its last check is older than a day; never shown, never logged.
  pin_sealed TEXT NOT NULL,
  patron_name TEXT,
  -- The end of the card's validity the library gave (YYYY-MM-DD), if any.
  valid_until TEXT,
  -- The last successful check through the patron-authentication interface.
  checked_at TEXT NOT NULL,
  -- Set when a re-check failed ('not_found' | 'blocked' | 'expired'): no longer "a valid library card".
  invalid_reason TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (user_id, library_id),
  UNIQUE (library_id, card_number)
);

-- Tickets used per card per month ('YYYY-MM', UTC): "reset on the 1st" needs no cron, a new month
-- simply has no row yet. Keyed on the card number, so removing and adding a card again gives nothing back.
CREATE TABLE library_ticket_use (
  library_id INTEGER NOT NULL REFERENCES libraries(id) ON DELETE CASCADE,
  card_number TEXT NOT NULL,
  month TEXT NOT NULL,
  used INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (library_id, card_number, month)
);

-- A loan: one ticket opens a library title for 72 hours (re-watching inside the loan costs nothing).
CREATE TABLE library_loans (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  library_id INTEGER NOT NULL REFERENCES libraries(id) ON DELETE CASCADE,
  card_number TEXT NOT NULL,
  content_id INTEGER NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
  started_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX library_loans_user ON library_loans(user_id, content_id, expires_at);
CREATE INDEX library_loans_library ON library_loans(library_id, started_at);

-- Librarians (users.role = 'librarian'): the library whose monthly usage they see at /librarian.
CREATE TABLE librarians (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  library_id INTEGER NOT NULL REFERENCES libraries(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL
);
