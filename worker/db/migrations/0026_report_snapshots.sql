-- The back office's trends (issue 32, worker/api/reports/snapshots.ts): one row per UTC day, the
-- subscribers and churn at its end, so a 12-month trend reads at most 365 rows instead of working out
-- who had a period running at each moment over every invoice.

-- Written once per day, by the scheduled job (the newest missing days first) or by the first report
-- that needs a day still missing (INSERT OR IGNORE: parallel requests store it once). Only days that
-- have ended are written: a past day's figures no longer change.
CREATE TABLE report_snapshots (
  -- YYYY-MM-DD: the figures are those at its end (the next day, 00:00 UTC).
  day TEXT PRIMARY KEY,
  -- JSON array: the subscribers at the day's end per standing (paying, free, trialing), currency and
  -- plan, with the paying ones' monthly recurring revenue in minor units of that currency:
  -- [{"standing","currency","plan_id","n","mrr"}].
  counts TEXT NOT NULL,
  -- JSON object: churn of the buckets that end with this day, {"day": {"subscribers","ended"}} and,
  -- when the next day is a Monday, "week"; when it is the 1st of a month, "month".
  churn TEXT NOT NULL,
  made_at TEXT NOT NULL
);

-- The refunds made (done), by the instant they were made: revenue net of refunds reads a range of it.
CREATE INDEX refunds_made ON refunds(state, decided_at, transaction_id, amount);
-- The refunds made of one payment (event sales per show sum them per order's payment), without
-- reading the table: with only refunds_made, SQLite would read every done refund for each payment.
CREATE INDEX refunds_of_payment ON refunds(transaction_id, state, amount);
