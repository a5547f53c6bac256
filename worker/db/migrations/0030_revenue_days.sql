-- The back office's revenue (issue 32, worker/api/reports/revenue-days.ts): what each UTC day and
-- month sold and gave back, rolled up once it is over, so a report reads a few rows per day or month
-- instead of every payment in it. The day still running (and the hour after its end) is read from
-- the payments themselves.

-- One row per day, currency, method, provider and plan that had a sale or a refund, with the figures
-- the revenue report shows (worker/api/reports/ledger.ts): sales on the day they were settled
-- (invoiced), refunds made on the day they were made, against their payment's currency, method,
-- provider and plan. Amounts in minor units of `currency`.
CREATE TABLE revenue_days (
  day TEXT NOT NULL,
  currency TEXT NOT NULL,
  method TEXT NOT NULL,
  provider TEXT NOT NULL,
  plan_id INTEGER NOT NULL,
  payments INTEGER NOT NULL,
  gross INTEGER NOT NULL,
  refunds INTEGER NOT NULL,
  PRIMARY KEY (day, currency, method, provider, plan_id)
) WITHOUT ROWID;

-- The days rolled up (a day with no sale has no row above, but is made all the same). Written in the
-- same batch as the day's rows, by the scheduled job or by the first report that needs the day;
-- INSERT OR IGNORE on both keys: parallel reports store one set.
CREATE TABLE revenue_days_made (
  day TEXT PRIMARY KEY,
  made_at TEXT NOT NULL
);

-- The same per month, summed from a settled month's days once they are all made (by the scheduled
-- job, or by the first report by month that needs it): a 12-month report reads a few hundred rows.
CREATE TABLE revenue_months (
  -- YYYY-MM
  month TEXT NOT NULL,
  currency TEXT NOT NULL,
  method TEXT NOT NULL,
  provider TEXT NOT NULL,
  plan_id INTEGER NOT NULL,
  payments INTEGER NOT NULL,
  gross INTEGER NOT NULL,
  refunds INTEGER NOT NULL,
  PRIMARY KEY (month, currency, method, provider, plan_id)
) WITHOUT ROWID;

CREATE TABLE revenue_months_made (
  month TEXT PRIMARY KEY,
  made_at TEXT NOT NULL
);
