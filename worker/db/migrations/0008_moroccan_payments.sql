-- Moroccan ways to pay (issue 14; spec §2 payment method picker, §4 waiting for validation, §9 cash voucher 4 days):
-- coupon codes, cash vouchers, sales agents and their audit trail.

-- How a transaction is paid: card | mobile (phone bill or wallet) | cash (a voucher paid at an agency) | agent (cash given to a sales agent) | coupon (nothing to pay).
-- `method` exists since 0007 (always 'card' until now).
-- A voucher's printed reference and its end of validity; the coupon that lowered the amount; the agent who recorded it.
ALTER TABLE transactions ADD COLUMN voucher_ref TEXT;
ALTER TABLE transactions ADD COLUMN expires_at TEXT;
ALTER TABLE transactions ADD COLUMN coupon_code TEXT;
ALTER TABLE transactions ADD COLUMN discount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE transactions ADD COLUMN agent_id TEXT;
-- Mobile payment: the number (E.164) the charge is taken from, confirmed with an SMS code sent to it.
ALTER TABLE transactions ADD COLUMN payer_phone TEXT;
CREATE INDEX transactions_agent ON transactions(agent_id, created_at);
CREATE INDEX transactions_expiring ON transactions(state, expires_at);

-- A coupon: a percentage or a fixed amount off, or free days of a plan (then nothing is paid).
CREATE TABLE coupons (
  code TEXT PRIMARY KEY,
  -- percent: value 1..100 | amount: value in minor units of `currency` | days: value free days of the plan
  kind TEXT NOT NULL CHECK (kind IN ('percent', 'amount', 'days')),
  value INTEGER NOT NULL CHECK (value > 0),
  -- the only currency it applies to (required for `amount`), NULL = any
  currency TEXT,
  -- JSON array of plan ids it applies to, NULL = every plan
  plan_ids TEXT,
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  -- total redemptions allowed (each account at most once)
  quota INTEGER NOT NULL CHECK (quota > 0),
  created_at TEXT NOT NULL,
  CHECK (kind != 'percent' OR value <= 100),
  CHECK (kind != 'amount' OR currency IS NOT NULL)
);

-- One row per account and coupon; the row is written by one INSERT … SELECT that counts the quota,
-- so parallel redemptions never pass it. A transaction that fails or expires gives its row back.
CREATE TABLE coupon_redemptions (
  code TEXT NOT NULL REFERENCES coupons(code),
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  transaction_id TEXT NOT NULL UNIQUE,
  redeemed_at TEXT NOT NULL,
  PRIMARY KEY (code, user_id)
);

-- Sales agents (a role given by an operator: scripts/agents/grant.ts).
CREATE TABLE agents (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL
);

-- Every agent action: who, what, when, for whom, how much.
CREATE TABLE agent_audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  agent_id TEXT NOT NULL,
  -- lookup | lookup_unknown | record_payment | refused
  action TEXT NOT NULL,
  target_user_id TEXT,
  query TEXT,
  transaction_id TEXT,
  amount INTEGER,
  currency TEXT,
  detail TEXT,
  at TEXT NOT NULL
);
CREATE INDEX agent_audit_agent ON agent_audit(agent_id, at);

-- Pay per title (spec §9 "an 'unlock content' action costs one ticket and allows a single viewing"):
-- ticket packs are sold like plans (a `plans` row of kind 'tickets' carrying `tickets`); the balance
-- is users.credits (spec §3).
ALTER TABLE plans ADD COLUMN kind TEXT NOT NULL DEFAULT 'subscription';
ALTER TABLE plans ADD COLUMN tickets INTEGER NOT NULL DEFAULT 0;

-- One unlock = one ticket spent = one viewing of one title, resumable until `expires_at` (48 hours).
-- Written in the batch that takes the ticket, only while no unlock of that title is running.
CREATE TABLE unlocks (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content_id INTEGER NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
  unlocked_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX unlocks_user ON unlocks(user_id, content_id, expires_at);
