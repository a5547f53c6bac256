-- Subscriptions and card payments (issue 13; spec §3 Subscription plan, User subscription fields, §9).
-- Amounts are integers in minor units (centimes, cents), tax included.

-- Spec §3 Subscription plan: id, duration in minutes, is_active, subscribed_image, not_subscribed_image;
-- plus what a plan card shows: a name and features per language, a price per currency, a free trial.
CREATE TABLE plans (
  id INTEGER PRIMARY KEY,
  duration INTEGER NOT NULL CHECK (duration > 0),
  is_active INTEGER NOT NULL DEFAULT 1,
  subscribed_image TEXT,
  not_subscribed_image TEXT,
  trial_days INTEGER NOT NULL DEFAULT 0,
  position INTEGER NOT NULL DEFAULT 0,
  price_mad INTEGER NOT NULL CHECK (price_mad >= 0),
  price_eur INTEGER NOT NULL CHECK (price_eur >= 0),
  price_usd INTEGER NOT NULL CHECK (price_usd >= 0),
  -- JSON: { "en": "...", "fr": "...", "ar": "...", "es": "..." } and { "en": ["..."], ... }
  name TEXT NOT NULL,
  features TEXT NOT NULL DEFAULT '{}'
);

-- What the §3 user fields do not hold: the state machine's state and the provider's references.
-- `version` makes every change a compare-and-set (worker/api/payments/store.ts).
CREATE TABLE subscriptions (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  plan_id INTEGER REFERENCES plans(id),
  -- trialing | active | past_due | pending | expired (cancelled-but-active is users.cancel_subscription);
  -- NULL: never subscribed (the row then only keeps a saved card)
  state TEXT,
  provider TEXT,
  currency TEXT,
  -- checkout | backoffice (a backoffice-created subscription is cancelled through support, spec §4)
  origin TEXT NOT NULL DEFAULT 'checkout',
  trial_end TEXT,
  next_plan_id INTEGER REFERENCES plans(id),
  customer_ref TEXT,
  subscription_ref TEXT,
  card_brand TEXT,
  card_last4 TEXT,
  card_exp TEXT,
  -- renewal charges tried for the current period (merchant renewals)
  attempts INTEGER NOT NULL DEFAULT 0,
  -- the period end the last reminder email was about (one reminder per period)
  reminded_for TEXT,
  version INTEGER NOT NULL DEFAULT 1,
  -- a random id of the write that set this version: the other statements of that batch run only if it won
  last_write TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX subscriptions_ref ON subscriptions(provider, subscription_ref);

-- Every payment is a row with its state (spec §3 transaction: date, payment method, invoice).
CREATE TABLE transactions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plan_id INTEGER NOT NULL REFERENCES plans(id),
  -- subscribe | renew | change | card
  purpose TEXT NOT NULL,
  provider TEXT NOT NULL,
  method TEXT NOT NULL DEFAULT 'card',
  amount INTEGER NOT NULL CHECK (amount >= 0),
  currency TEXT NOT NULL,
  trial_days INTEGER NOT NULL DEFAULT 0,
  -- created (checkout started) | pending (waiting for validation) | accepted | failed | refunded | expired
  state TEXT NOT NULL,
  provider_ref TEXT,
  error TEXT,
  -- where the user came from (a title), for /bravoPage's link back
  return_to TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX transactions_user ON transactions(user_id, created_at);
CREATE INDEX transactions_open ON transactions(state, created_at);

-- One continuous series of invoice numbers, allocated in the batch that accepts the payment.
CREATE TABLE invoices (
  number INTEGER PRIMARY KEY,
  transaction_id TEXT NOT NULL UNIQUE REFERENCES transactions(id),
  user_id TEXT NOT NULL,
  issued_at TEXT NOT NULL,
  lang TEXT NOT NULL,
  period_start TEXT NOT NULL,
  period_end TEXT NOT NULL
);

-- Provider notifications already handled: a replayed callback is answered, never applied twice.
CREATE TABLE payment_events (
  provider TEXT NOT NULL,
  event_id TEXT NOT NULL,
  received_at TEXT NOT NULL,
  PRIMARY KEY (provider, event_id)
);
