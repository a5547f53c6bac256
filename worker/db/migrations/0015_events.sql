-- Live events and e-tickets (issue 17; spec §1 e-ticket/event purchase flow, comedy-festival hub;
-- §3 live events, replays, e-tickets, orders). Amounts are integers in minor units, tax included.
-- Times are ISO 8601 UTC text, as transactions are.

-- A festival (the hub): its lineup and shows.
CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  slug TEXT NOT NULL UNIQUE,
  -- JSON by language: { "en": "...", "fr": "...", "ar": "...", "es": "..." }
  names TEXT NOT NULL,
  descriptions TEXT NOT NULL DEFAULT '{}',
  city TEXT NOT NULL,
  image TEXT,
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  published INTEGER NOT NULL DEFAULT 1,
  updated_at TEXT NOT NULL
);

-- The lineup: the artists of the festival (bio by language).
CREATE TABLE event_artists (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  bios TEXT NOT NULL DEFAULT '{}',
  image TEXT,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX event_artists_event ON event_artists(event_id, position);

-- A show of the festival: date, venue, and how it is streamed. Each show is one inventory
-- (one Durable Object, worker/api/events): `capacity` seats in the venue.
CREATE TABLE event_shows (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  slug TEXT NOT NULL UNIQUE,
  titles TEXT NOT NULL,
  descriptions TEXT NOT NULL DEFAULT '{}',
  venue TEXT NOT NULL,
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  capacity INTEGER NOT NULL CHECK (capacity >= 0),
  -- The live stream a stream pass opens: a live TV channel (issue 16's player), else a live source URL.
  channel_id INTEGER REFERENCES channels(id),
  live_source_url TEXT,
  -- The replay a stream pass opens for 48 hours after the show: a title of the catalogue.
  replay_content_id INTEGER REFERENCES contents(id),
  image TEXT
);
CREATE INDEX event_shows_event ON event_shows(event_id, starts_at);

-- The ticket types of a show: in the venue (takes a seat), a stream pass (no seat), or both.
CREATE TABLE ticket_types (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  show_id INTEGER NOT NULL REFERENCES event_shows(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('venue', 'stream', 'both')),
  names TEXT NOT NULL,
  price_mad INTEGER NOT NULL CHECK (price_mad >= 0),
  price_eur INTEGER NOT NULL CHECK (price_eur >= 0),
  price_usd INTEGER NOT NULL CHECK (price_usd >= 0),
  -- At most this many tickets of this type per order.
  max_per_order INTEGER NOT NULL DEFAULT 10,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ticket_types_show ON ticket_types(show_id, position);

-- An order: tickets of one show, held in the show's Durable Object until paid (10 minutes).
CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  show_id INTEGER NOT NULL REFERENCES event_shows(id),
  -- held (seats held, waiting for payment) | paid (payment accepted, tickets being issued)
  -- | fulfilled (tickets valid and sent) | expired (hold ran out unpaid) | failed (payment failed)
  -- | refund_due (paid after its hold ran out and the seats were gone)
  state TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount >= 0),
  currency TEXT NOT NULL,
  -- The checkout's transaction (worker/api/payments: purpose 'order').
  transaction_id TEXT UNIQUE,
  hold_expires_at TEXT NOT NULL,
  lang TEXT NOT NULL DEFAULT 'en',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX orders_user ON orders(user_id, created_at);
CREATE INDEX orders_state ON orders(state, hold_expires_at);

-- One row per ticket of an order. The e-ticket's QR code carries an Ed25519-signed token of
-- (ticket, event, type, holder): worker/rules/eticket.ts.
CREATE TABLE etickets (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  event_id INTEGER NOT NULL REFERENCES events(id),
  show_id INTEGER NOT NULL REFERENCES event_shows(id),
  ticket_type_id INTEGER NOT NULL REFERENCES ticket_types(id),
  kind TEXT NOT NULL CHECK (kind IN ('venue', 'stream', 'both')),
  holder TEXT NOT NULL,
  -- held (order not paid yet) | valid | void (order expired, failed or refunded)
  state TEXT NOT NULL DEFAULT 'held',
  -- Set once by the first accepted scan at the door; a second scan is refused with this time.
  used_at TEXT,
  used_by TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX etickets_user ON etickets(user_id, state);
CREATE INDEX etickets_show ON etickets(show_id, state);

-- Transactions of event orders: the order they pay (purpose 'order'; plan_id points at the
-- hidden plan of kind 'order' that the seed keeps for them, since every transaction names a plan).
ALTER TABLE transactions ADD COLUMN order_id TEXT;
CREATE INDEX transactions_order ON transactions(order_id);
INSERT INTO plans (id, duration, is_active, position, price_mad, price_eur, price_usd, name, kind)
VALUES (9000, 1, 0, 9000, 0, 0, 0, '{"en":"Event tickets","fr":"Billets d''événement","ar":"تذاكر الفعاليات","es":"Entradas de eventos"}', 'order');
