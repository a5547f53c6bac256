-- Sharded counters (worker/limits/counters.ts): ad impressions and clicks, help votes. Each shard
-- (one Durable Object) adds its counts to D1 in one batch, and records here, in the same batch, the
-- number of that flush: a flush sent again (after a crash, or when D1's answer was lost) finds its
-- number already recorded and adds nothing, so a count is never added twice nor lost.
CREATE TABLE counter_flushes (
  shard TEXT PRIMARY KEY,
  seq INTEGER NOT NULL
);
