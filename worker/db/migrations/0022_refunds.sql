-- Refunds and credit notes (issue 32): a payment refunded in full or in part from the back office,
-- through its provider (card) or recorded by hand (cash, agents' collections, mobile payments).

-- One row per refund asked. The row is inserted by one INSERT … SELECT that holds the amount against
-- the payment only while what was captured, less what is refunded or held, still covers it
-- (worker/api/payments/refunds/claims.ts): parallel refunds never pass what was captured. It becomes
-- done in the batch that writes its credit note, the subscription's change and the audit entry.
CREATE TABLE refunds (
  -- Ours; the provider's idempotency key for this refund.
  id TEXT PRIMARY KEY,
  -- The console's, one per refund form: a second post of the same form finds this row.
  idempotency_key TEXT NOT NULL UNIQUE,
  transaction_id TEXT NOT NULL REFERENCES transactions(id),
  user_id TEXT NOT NULL,
  -- Copied from the payment, so the list filters on this table alone.
  provider TEXT NOT NULL,
  method TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  currency TEXT NOT NULL,
  -- What becomes of the subscription the payment paid for: end_now | keep (to the period end, no renewal).
  effect TEXT NOT NULL CHECK (effect IN ('end_now', 'keep')),
  reason TEXT NOT NULL,
  staff_id TEXT,
  -- claimed (the amount is held while the provider is asked) | done | refused (by the provider: nothing moved)
  state TEXT NOT NULL CHECK (state IN ('claimed', 'done', 'refused')),
  -- 1: no provider call (cash, agent, mobile): the money is handed back by hand.
  manual INTEGER NOT NULL DEFAULT 0,
  -- The provider's id of the refund.
  provider_ref TEXT,
  -- refused: the provider's reason; claimed: why the last attempt's outcome is unknown (it may be sent again).
  error TEXT,
  -- Attempts at the provider: a claim whose last attempt ended unknown (or was left long ago) is taken
  -- over by the one request that bumps it, and sent again with the same id.
  attempts INTEGER NOT NULL DEFAULT 1,
  attempted_at TEXT NOT NULL,
  -- A random id of the batch that made it done: the other statements of that batch run only where it is set.
  write_token TEXT,
  created_at TEXT NOT NULL,
  decided_at TEXT
);
CREATE INDEX refunds_write ON refunds(write_token) WHERE write_token IS NOT NULL;
CREATE INDEX refunds_transaction ON refunds(transaction_id, state);
CREATE INDEX refunds_created ON refunds(state, created_at);
CREATE INDEX refunds_staff ON refunds(staff_id, created_at);
CREATE INDEX refunds_provider ON refunds(provider, created_at);
CREATE INDEX refunds_method ON refunds(method, created_at);
CREATE INDEX refunds_currency ON refunds(currency, created_at);

-- One continuous series of credit note numbers, its own (invoices have theirs), allocated in the
-- batch that records the refund (batches run one at a time: no gap, no duplicate).
CREATE TABLE credit_notes (
  number INTEGER PRIMARY KEY,
  refund_id TEXT NOT NULL UNIQUE REFERENCES refunds(id),
  transaction_id TEXT NOT NULL REFERENCES transactions(id),
  -- The invoice it corrects (NULL: the payment had none, money taken for a checkout already closed).
  invoice_number INTEGER,
  user_id TEXT NOT NULL,
  issued_at TEXT NOT NULL,
  -- The customer's language when it was issued: the PDF is in it.
  lang TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  currency TEXT NOT NULL
);
CREATE INDEX credit_notes_transaction ON credit_notes(transaction_id);
