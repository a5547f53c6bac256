-- TV sign-in (issue 15): the OAuth 2.0 device authorization grant (RFC 8628) on the existing sessions.
-- One row per device code. The device code is stored as a SHA-256 hash (like refresh tokens); the user
-- code is what a person types at /tv/link. status: pending → approved (a person linked it: the session
-- exists) → issued (the TV got its tokens, once), or pending → denied. Expired rows are dropped by the cron.
CREATE TABLE device_grants (
  device_code_hash TEXT PRIMARY KEY,
  user_code TEXT NOT NULL UNIQUE,
  client_id TEXT NOT NULL,
  device_name TEXT NOT NULL DEFAULT '',
  device_id TEXT NOT NULL DEFAULT '',
  user_agent TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  -- RFC 8628 interval in seconds; raised by 5 at each slow_down.
  poll_interval INTEGER NOT NULL,
  last_polled_at INTEGER,
  -- 1 when the last poll came too early (it was answered slow_down).
  slowed INTEGER NOT NULL DEFAULT 0,
  -- 1 on the one poll that turned approved into issued (that poll answers the tokens).
  claimed INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'issued')),
  user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
  profile_id INTEGER REFERENCES profiles(id) ON DELETE SET NULL,
  session_id TEXT REFERENCES sessions(id) ON DELETE CASCADE,
  approved_at INTEGER
);
CREATE INDEX device_grants_expiry ON device_grants(expires_at);

-- The name a TV gives itself (device_name of the code request), shown in the device history.
ALTER TABLE sessions ADD COLUMN device_name TEXT NOT NULL DEFAULT '';
