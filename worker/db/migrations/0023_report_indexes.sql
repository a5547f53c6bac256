-- The back office's reports (issue 32, worker/api/reports), fast at a million payments: each report
-- reads a covering index in order, never a row of the table per payment (worker/api/reports/ledger.ts).

-- The sales as they were settled, in the order they were accepted: revenue per day reads a range of
-- it; the subscribers of a moment find each invoice's sale by its instant and id.
CREATE INDEX transactions_sales ON transactions(updated_at, id, state, trial_days, purpose, currency, amount, method, provider, plan_id)
  WHERE state = 'accepted' AND trial_days = 0 AND purpose != 'card';
-- Sales that moved on to a later state (a refunded one): few, found without reading the others.
CREATE INDEX transactions_after_sale ON transactions(state)
  WHERE state NOT IN ('created', 'pending', 'accepted', 'failed', 'expired', 'cancelled', 'refund_due');
-- The trials, by when they began.
CREATE INDEX transactions_trials ON transactions(updated_at, user_id, trial_days, plan_id, currency) WHERE trial_days > 0 AND state = 'accepted';
-- An account's payments for a plan, in time order: did a trial become paying.
CREATE INDEX transactions_paid ON transactions(user_id, updated_at, state, amount, purpose) WHERE state = 'accepted' AND amount > 0 AND purpose IN ('subscribe', 'renew', 'change');
-- The periods running at a moment: scanned from that moment on, the rest read in the index.
CREATE INDEX invoices_period ON invoices(period_end, period_start, issued_at, user_id, transaction_id);
-- Ads per day over every ad (ad_counts' key is the ad, then the day).
CREATE INDEX ad_counts_day ON ad_counts(day, ad_id, impressions, clicks);
-- Library loans of a period over every library (library_loans_library leads with the library).
CREATE INDEX library_loans_started ON library_loans(started_at);
-- Event sales per show.
CREATE INDEX orders_show ON orders(show_id, state);
