-- Coupons and cash reconciliation in the back office (issue 32).

-- A batch of coupon codes generated at once (each code its own `coupons` row, `batch_id` naming the batch):
-- the terms every code of the batch shares, how many, who made it and when.
CREATE TABLE coupon_batches (
  id TEXT PRIMARY KEY,
  prefix TEXT NOT NULL,
  count INTEGER NOT NULL CHECK (count BETWEEN 1 AND 10000),
  kind TEXT NOT NULL,
  value INTEGER NOT NULL,
  currency TEXT,
  plan_ids TEXT,
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  quota INTEGER NOT NULL,
  created_by TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX coupon_batches_created ON coupon_batches(created_at);

ALTER TABLE coupons ADD COLUMN batch_id TEXT REFERENCES coupon_batches(id);
-- When an operator stopped the code: it redeems no more (worker/api/payments/coupons.ts), its uses stay.
ALTER TABLE coupons ADD COLUMN disabled_at TEXT;
-- The console's list: newest first, a batch's codes, by end of validity (active / expired filters).
CREATE INDEX coupons_created ON coupons(created_at, code);
CREATE INDEX coupons_batch ON coupons(batch_id, code);
CREATE INDEX coupons_ends ON coupons(ends_at);
-- A coupon's uses, newest first.
CREATE INDEX coupon_redemptions_code_at ON coupon_redemptions(code, redeemed_at);

-- What a cash network or a mobile operator confirmed it took (its accepted notifications, one row
-- each, written when the notification arrives whatever became of the payment here): the other
-- side of the reconciliation. `agency`: where the cash was paid, when the network says.
CREATE TABLE network_confirmations (
  provider TEXT NOT NULL,
  event_id TEXT NOT NULL,
  transaction_id TEXT NOT NULL,
  provider_ref TEXT,
  -- cash | agent | mobile (the transaction's method)
  method TEXT NOT NULL,
  agency TEXT,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  confirmed_at TEXT NOT NULL,
  PRIMARY KEY (provider, event_id)
);
CREATE INDEX network_confirmations_tx ON network_confirmations(transaction_id);
CREATE INDEX network_confirmations_day ON network_confirmations(method, confirmed_at, agency, currency, amount);

-- Reconciliation reads a method's transactions of a range of days from this index alone (the day
-- tables, and which ones disagree with their confirmation: the id finds it).
CREATE INDEX transactions_method_day ON transactions(method, created_at, state, currency, amount, id);
