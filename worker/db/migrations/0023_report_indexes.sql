-- The back office's reports (issue 32, worker/api/reports), fast at a million payments.

-- Revenue: the invoices issued in a period (an invoice is the sale: written when a payment is accepted).
CREATE INDEX invoices_issued ON invoices(issued_at, transaction_id);
-- Subscribers at a moment: the paid periods running then (scanned from the moment on, the rest read in the index).
CREATE INDEX invoices_period ON invoices(period_end, period_start, issued_at, user_id, transaction_id);
-- Trials converted, churn: an account's invoices in time order.
CREATE INDEX invoices_user ON invoices(user_id, issued_at);
-- Trials: only the accepted trials, by when they began.
CREATE INDEX transactions_trials ON transactions(updated_at, user_id) WHERE trial_days > 0 AND state = 'accepted';
-- Ads per day over every ad (the key is ad then day).
CREATE INDEX ad_counts_day ON ad_counts(day, ad_id, impressions, clicks);
-- Library loans of a period over every library (library_loans_library leads with the library).
CREATE INDEX library_loans_started ON library_loans(started_at);
-- Event sales per show.
CREATE INDEX orders_show ON orders(show_id, state);
