-- One free trial per person: who had one, by each identifier that started it (a verified email, a
-- verified phone, the device, the mobile payment's number), as SHA-256 of "kind:value". No foreign key:
-- the memory outlives a deleted account, so a new account with the same email, phone or device gets
-- no second trial (worker/api/payments/trials.ts).
CREATE TABLE trial_claims (
  key_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  claimed_at TEXT NOT NULL
);
CREATE INDEX trial_claims_user ON trial_claims(user_id);
