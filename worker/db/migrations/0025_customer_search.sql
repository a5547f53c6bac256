-- The customer's whole story (issue 32): the indexes the back office's customer search and timeline
-- read through (worker/api/admin/customers), and the two facts no table kept: when a profile's PIN
-- last changed, and the subscription changes that leave no transaction (cancelled, resumed, ended,
-- a renewal refused).

-- Search by a reference the customer quotes: a cash voucher's, a provider's payment reference, a
-- library card number (its UNIQUE index starts with the library), an e-ticket's short code (0018 has it).
CREATE INDEX transactions_voucher_ref ON transactions(voucher_ref);
CREATE INDEX transactions_provider_ref ON transactions(provider_ref);
CREATE INDEX library_cards_number ON library_cards(card_number);

-- Search by name: the prefix of a profile's first name, last name, username or name, compared in
-- SQLite's lower() (ASCII letters; Arabic has no case). The default name every first profile gets
-- is left out of its index (and of the search), or "def" would read every account.
CREATE INDEX profiles_first_name_search ON profiles(lower(first_name));
CREATE INDEX profiles_last_name_search ON profiles(lower(last_name));
CREATE INDEX profiles_username_search ON profiles(lower(username));
CREATE INDEX profiles_name_search ON profiles(lower(name)) WHERE name != 'Default';

-- The timeline reads every table by its user, newest first: the ones that had no such index.
CREATE INDEX invoices_user ON invoices(user_id, issued_at);
CREATE INDEX coupon_redemptions_user ON coupon_redemptions(user_id, redeemed_at);
CREATE INDEX password_resets_user ON password_resets(user_id);
-- The messages sent to an address (the dev outbox; verification codes have their own index).
CREATE INDEX outbox_recipient ON outbox(recipient, created_at);

-- When a profile's PIN was last set or removed (by its owner, or by support).
ALTER TABLE profiles ADD COLUMN pin_changed_at TEXT;

-- The subscription changes a transaction does not show, one row each, written by the trigger below
-- whatever writes the §3 user fields (the payments state machine, an operator):
-- cancelled (renewals stop, premium to the end), resumed (a cancel undone, or paid again),
-- ended (back on the free offer), payment_failed (a renewal refused while premium lasts: the error
-- it left; a first payment that fails is its own failed transaction).
CREATE TABLE subscription_history (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  change TEXT NOT NULL CHECK (change IN ('cancelled', 'resumed', 'ended', 'payment_failed')),
  plan_id INTEGER,
  period_end TEXT,
  error TEXT
);
CREATE INDEX subscription_history_user ON subscription_history(user_id, at);

CREATE TRIGGER subscription_history_changes AFTER UPDATE OF subscription_id, subscription_end, subscription_error, cancel_subscription ON users
WHEN (OLD.subscription_id IS NOT NULL AND NEW.subscription_id IS NULL)
  OR OLD.cancel_subscription != NEW.cancel_subscription
  OR (NEW.subscription_id IS NOT NULL AND NEW.subscription_error IS NOT NULL AND NEW.subscription_error IS NOT OLD.subscription_error)
BEGIN
  INSERT INTO subscription_history (user_id, at, change, plan_id, period_end, error)
  VALUES (
    NEW.id,
    strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
    CASE
      WHEN OLD.subscription_id IS NOT NULL AND NEW.subscription_id IS NULL THEN 'ended'
      WHEN NEW.cancel_subscription = 1 AND OLD.cancel_subscription = 0 THEN 'cancelled'
      WHEN NEW.cancel_subscription = 0 AND OLD.cancel_subscription = 1 THEN 'resumed'
      ELSE 'payment_failed'
    END,
    COALESCE(NEW.subscription_id, OLD.subscription_id),
    NEW.subscription_end,
    NEW.subscription_error
  );
END;
