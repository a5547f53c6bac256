-- Library patron authentication, the imported patron list (issue 17; spec §3 the library entity:
-- card number, card PIN or password). Libraries whose `patron_auth` is 'csv' check cards here
-- (worker/api/libraries/patrons/csv.ts); scripts/admin/library-patrons.ts imports the library's CSV.
CREATE TABLE library_patrons (
  library_id INTEGER NOT NULL REFERENCES libraries(id) ON DELETE CASCADE,
  card_number TEXT NOT NULL,
  -- The PIN as an argon2id PHC string (worker/api/auth/password.ts parameters); never the PIN itself.
  pin_hash TEXT NOT NULL,
  name TEXT,
  -- The card's last valid day (YYYY-MM-DD, inclusive), NULL when it does not expire.
  valid_until TEXT,
  -- 1: the library blocked the card (lost, unpaid fines…): a right PIN still answers "blocked".
  blocked INTEGER NOT NULL DEFAULT 0 CHECK (blocked IN (0, 1)),
  -- When the import last wrote this row (ISO 8601 UTC).
  imported_at TEXT NOT NULL,
  PRIMARY KEY (library_id, card_number)
) WITHOUT ROWID;
