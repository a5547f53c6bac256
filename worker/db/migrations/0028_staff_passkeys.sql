-- Passkeys (WebAuthn) as the staff's second factor beside the authenticator app's codes (issue 32).

-- A staff member's passkeys: the credential's id and COSE public key (base64url), its signature
-- counter (a counter that does not move forward refuses the sign-in), and when it was last used.
CREATE TABLE staff_passkeys (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL DEFAULT 0,
  -- JSON array of the transports the authenticator named (usb, internal, hybrid…).
  transports TEXT NOT NULL DEFAULT '[]',
  -- 1: a synced passkey (backed up by its provider), 0: bound to one device.
  backed_up INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
CREATE INDEX staff_passkeys_user ON staff_passkeys(user_id, created_at);

-- The challenges handed to the browser: each good once (taken by one DELETE … RETURNING) and for a
-- few minutes, for one account and one purpose (adding a passkey, or signing in with one).
CREATE TABLE staff_webauthn_challenges (
  challenge TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign-in')),
  expires_at TEXT NOT NULL
);
CREATE INDEX staff_webauthn_challenges_user ON staff_webauthn_challenges(user_id, expires_at);
