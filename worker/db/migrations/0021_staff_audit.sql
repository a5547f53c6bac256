-- The back office (issue 32): staff roles and their permissions as tables, who holds which role, the
-- staff's second factor, their short sessions, and the audit log nobody can edit.

-- Every role, the console's and the field roles (sales agent, librarian, door staff).
CREATE TABLE staff_roles (
  name TEXT PRIMARY KEY,
  -- 1: a role of the console (its holders sign in at /admin with a second factor).
  console INTEGER NOT NULL
);
INSERT INTO staff_roles (name, console) VALUES
  ('administrator', 1), ('support', 1), ('finance', 1), ('catalogue', 1), ('programming', 1),
  ('partners', 1), ('events', 1), ('agent', 0), ('librarian', 0), ('door', 0);

-- What each role may do: a permission is checked on the server by every admin route.
CREATE TABLE staff_role_permissions (
  role TEXT NOT NULL REFERENCES staff_roles(name),
  permission TEXT NOT NULL,
  PRIMARY KEY (role, permission)
);
INSERT INTO staff_role_permissions (role, permission) VALUES
  ('administrator', 'staff.read'), ('administrator', 'staff.grant'), ('administrator', 'audit.read'),
  ('administrator', 'customers.read'), ('administrator', 'customers.act'),
  ('administrator', 'support.read'), ('administrator', 'support.reply'),
  ('administrator', 'refunds.read'), ('administrator', 'refunds.create'),
  ('administrator', 'coupons.read'), ('administrator', 'coupons.write'),
  ('administrator', 'reconciliation.read'), ('administrator', 'reports.read'),
  ('support', 'customers.read'), ('support', 'customers.act'), ('support', 'support.read'), ('support', 'support.reply'),
  ('finance', 'customers.read'), ('finance', 'refunds.read'), ('finance', 'refunds.create'),
  ('finance', 'coupons.read'), ('finance', 'coupons.write'), ('finance', 'reconciliation.read'), ('finance', 'reports.read'),
  ('finance', 'audit.read'),
  ('catalogue', 'catalogue.read'), ('catalogue', 'catalogue.write'),
  ('programming', 'channels.read'), ('programming', 'channels.write'),
  ('partners', 'partners.read'), ('partners', 'partners.write'), ('partners', 'reports.read'), ('partners', 'support.read'),
  ('events', 'events.read'), ('events', 'events.write'), ('events', 'refunds.read'), ('events', 'customers.read');

-- Who holds which role; granted in the console (audited) or, for the first administrator, by the CLI.
CREATE TABLE staff_grants (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL REFERENCES staff_roles(name),
  granted_by TEXT,
  granted_at TEXT NOT NULL,
  PRIMARY KEY (user_id, role)
);
CREATE INDEX staff_grants_role ON staff_grants(role);

-- The field roles of today's `users.role` column, as grants.
INSERT INTO staff_grants (user_id, role, granted_by, granted_at)
  SELECT id, CASE role WHEN 'staff' THEN 'door' ELSE role END, NULL, created_at FROM users WHERE role IN ('agent', 'librarian', 'staff');

-- A staff member's second factor: a TOTP secret (RFC 6238), confirmed once a code from it was entered.
CREATE TABLE staff_totp (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret TEXT NOT NULL,
  confirmed_at TEXT,
  -- The last time step accepted: a code is never accepted twice.
  last_step INTEGER NOT NULL DEFAULT 0
);

-- Recovery codes: SHA-256 of each, used once.
CREATE TABLE staff_recovery_codes (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at TEXT,
  PRIMARY KEY (user_id, code_hash)
);

-- Console sessions: the cookie holds a random token, stored here as its SHA-256. Short (idle and
-- absolute limits in worker/rules/staff.ts); they end when their holder has no console role left.
CREATE TABLE staff_sessions (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  seen_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  ip TEXT
);
CREATE INDEX staff_sessions_user ON staff_sessions(user_id);

-- The audit log: append-only. Who (staff id and the roles they held), what (action, entity, id),
-- the values before and after (JSON), the reason, when and from where. The triggers refuse every
-- UPDATE and DELETE, whoever asks (worker/api/kernel/audit.ts writes it; nothing else does).
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  staff_id TEXT,
  staff_roles TEXT NOT NULL,
  action TEXT NOT NULL,
  entity TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  before_json TEXT,
  after_json TEXT,
  reason TEXT,
  ip TEXT,
  country TEXT
);
CREATE INDEX audit_log_at ON audit_log(at);
CREATE INDEX audit_log_staff ON audit_log(staff_id, at);
CREATE INDEX audit_log_entity ON audit_log(entity, entity_id, at);
CREATE INDEX audit_log_action ON audit_log(action, at);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
