-- Accounts and sessions (spec §3 User, Profile; issue 3). Emails are stored lower-cased.
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT,
  phone TEXT,
  password_hash TEXT NOT NULL,
  lang TEXT NOT NULL DEFAULT 'ar',
  role TEXT NOT NULL DEFAULT 'customer',
  readonly INTEGER NOT NULL DEFAULT 0,
  is_active INTEGER NOT NULL DEFAULT 1,
  is_email_verified INTEGER NOT NULL DEFAULT 0,
  is_phone_verified INTEGER NOT NULL DEFAULT 0,
  subscription_id INTEGER,
  subscription_start TEXT,
  subscription_renewal TEXT,
  subscription_end TEXT,
  subscription_error TEXT,
  cancel_subscription INTEGER NOT NULL DEFAULT 0,
  free_subscriptions INTEGER NOT NULL DEFAULT 0,
  avatar TEXT,
  credits INTEGER NOT NULL DEFAULT 0,
  cdn_usage INTEGER NOT NULL DEFAULT 0,
  hide_watched INTEGER NOT NULL DEFAULT 0,
  notification_active INTEGER NOT NULL DEFAULT 1,
  push_notification_id TEXT,
  access_id TEXT,
  libraries TEXT NOT NULL DEFAULT '[]',
  options TEXT NOT NULL DEFAULT '{}',
  birth TEXT,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX users_email_unique ON users(email);
CREATE UNIQUE INDEX users_phone_unique ON users(phone);

-- Viewer profiles; the first is created at registration (issue 4 adds management and PINs).
CREATE TABLE profiles (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL DEFAULT 'Default',
  picture TEXT NOT NULL DEFAULT 'avatar-1',
  is_kid INTEGER NOT NULL DEFAULT 0,
  age_restriction TEXT NOT NULL DEFAULT 'no-age-restriction',
  pin_hash TEXT,
  pin_is_activated INTEGER NOT NULL DEFAULT 0,
  autoplay INTEGER NOT NULL DEFAULT 1,
  method_payment TEXT NOT NULL DEFAULT '',
  username TEXT,
  gender TEXT,
  last_name TEXT,
  first_name TEXT,
  address TEXT,
  zip_code TEXT,
  country TEXT,
  birth TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX profiles_user ON profiles(user_id);

-- One row per login: the refresh-token family, and the account page's device history.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  device_id TEXT NOT NULL DEFAULT '',
  user_agent TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  revoked_at TEXT,
  revoked_reason TEXT
);
CREATE INDEX sessions_user ON sessions(user_id, created_at);

-- Refresh tokens are stored as SHA-256 hashes and rotated on every refresh.
CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  rotated_at INTEGER
);
CREATE INDEX refresh_tokens_session ON refresh_tokens(session_id);

-- Single-use password reset tokens (hashed), valid one hour.
CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

-- Verification codes sent by email or SMS (hashed, short-lived, single-use, a few tries).
CREATE TABLE verification_codes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  target TEXT NOT NULL,
  purpose TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX verification_codes_target ON verification_codes(channel, target, purpose);

-- Viewer actions (spec §3 Action record): fav, like, watched (with time), click.
CREATE TABLE actions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  content_id INTEGER NOT NULL,
  type TEXT NOT NULL,
  time REAL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (profile_id, content_id, type)
);
CREATE INDEX actions_user ON actions(user_id, type);

-- Dev outbox: messages the outbox email/SMS providers "send" (never enabled in production).
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
