-- The support inbox (issue 32): every message of the contact form (0012_contact.sql) is a ticket with
-- a state, an assignee and a thread; staff answer it from the console, the customer from the link of
-- the reply email (worker/api/contact/support).

-- new: nobody has handled it yet; open: being handled (or the customer wrote again); waiting: support
-- answered and waits for the customer; resolved: done (a customer's reply opens it again).
ALTER TABLE contact_messages ADD COLUMN state TEXT NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'open', 'waiting', 'resolved'));
-- The staff member handling it (a holder of a support or partners permission), or NULL.
ALTER TABLE contact_messages ADD COLUMN assignee_id TEXT REFERENCES users(id) ON DELETE SET NULL;
-- The last message of the thread (the triggers below keep it).
ALTER TABLE contact_messages ADD COLUMN updated_at TEXT;
ALTER TABLE contact_messages ADD COLUMN resolved_at TEXT;
UPDATE contact_messages SET updated_at = created_at;

-- The queue: by state, subject or assignee, oldest first (age), and the counts per state.
CREATE INDEX contact_messages_created ON contact_messages(created_at);
CREATE INDEX contact_messages_state ON contact_messages(state, created_at);
CREATE INDEX contact_messages_subject ON contact_messages(subject, state, created_at);
CREATE INDEX contact_messages_assignee ON contact_messages(assignee_id, state, created_at);

-- A ticket's thread: the customer's first message and replies (customer), staff replies emailed to
-- the customer (reply), and internal notes the customer never sees (note).
CREATE TABLE support_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ticket_id INTEGER NOT NULL REFERENCES contact_messages(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('customer', 'reply', 'note')),
  -- The staff member who wrote a reply or a note; NULL for the customer.
  author_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  body TEXT NOT NULL,
  -- The saved answer a reply was filled from, if any (kept when the answer is deleted).
  saved_answer_id INTEGER,
  -- A reply: when its email reached the mail provider (NULL: not sent).
  emailed_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX support_messages_ticket ON support_messages(ticket_id, id);

-- The messages stored before this migration open their threads.
INSERT INTO support_messages (ticket_id, kind, body, created_at)
  SELECT id, 'customer', message, created_at FROM contact_messages ORDER BY id;

-- A new contact message opens its thread in the same statement, whoever stores it.
CREATE TRIGGER contact_messages_thread AFTER INSERT ON contact_messages BEGIN
  INSERT INTO support_messages (ticket_id, kind, body, created_at) VALUES (NEW.id, 'customer', NEW.message, NEW.created_at);
END;

-- Every message moves its ticket's last activity.
CREATE TRIGGER support_messages_activity AFTER INSERT ON support_messages BEGIN
  UPDATE contact_messages SET updated_at = NEW.created_at WHERE id = NEW.ticket_id AND (updated_at IS NULL OR updated_at < NEW.created_at);
END;

-- Saved answers, per language: a title to pick it by and the text that fills a reply ({name} and
-- {ticket} are filled with the ticket's). The id is drawn at random by the API, so the audit entry
-- written in the same batch names it (parallel creations never wait for each other's id).
CREATE TABLE support_saved_answers (
  id INTEGER PRIMARY KEY CHECK (id > 0),
  lang TEXT NOT NULL CHECK (lang IN ('en', 'fr', 'ar', 'es')),
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (lang, title)
);
