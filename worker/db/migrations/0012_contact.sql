-- The contact form (issue 15, spec §2 /contact, §6 Librarian as a contact subject): one row per message
-- sent, stored before any email goes out, so a message whose emails failed still has its ticket.
-- ticket: "TFJ-" and 6 characters (worker/rules/contact.ts), what the sender and support quote.
-- subject: account | billing | technical | content | librarian | partnership | press | other;
-- sub_subject: for a librarian, trial | demo | content (and library, the library's name).
-- For a logged-in sender, the account details support needs: the user, the profile watching, the device
-- and the last payment transaction at the time of sending (kept if the account or transaction goes).
CREATE TABLE contact_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ticket TEXT NOT NULL UNIQUE CHECK (length(ticket) = 10 AND substr(ticket, 1, 4) = 'TFJ-'),
  subject TEXT NOT NULL,
  sub_subject TEXT,
  library TEXT,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  -- E.164, or NULL when none was given.
  phone TEXT,
  message TEXT NOT NULL,
  lang TEXT NOT NULL,
  user_id TEXT,
  profile_id INTEGER,
  device_id TEXT,
  last_transaction_id TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX contact_messages_email ON contact_messages(email, created_at);
CREATE INDEX contact_messages_user ON contact_messages(user_id, created_at);
