-- Web push (issue 6, spec §3 Push registration, §7 /pushNotifications/tokenRegister|tokenUnregister).
-- One subscription per user and device; a browser's endpoint belongs to one row only.
CREATE TABLE push_subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  device_id TEXT NOT NULL,
  device_family TEXT NOT NULL DEFAULT 'web',
  endpoint TEXT NOT NULL UNIQUE,
  -- RFC 8291 keys of the subscription (base64url): the browser's P-256 public key and auth secret.
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  preferred_language TEXT NOT NULL DEFAULT 'en',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (user_id, device_id)
);

-- The push queue (worker/push/deliver.ts): a title enters it when it is added to the `notifications`
-- category (trigger below) and is pushed once its publication_date_start has passed. `pushed_at` is
-- set when a delivery run claims it, so each title is delivered once even when two runs overlap;
-- `skipped` = 1 when it was not sent (stale, or beyond the per-run cap).
CREATE TABLE push_deliveries (
  content_id INTEGER PRIMARY KEY REFERENCES contents(id) ON DELETE CASCADE,
  queued_at TEXT NOT NULL,
  pushed_at TEXT,
  skipped INTEGER NOT NULL DEFAULT 0,
  sent INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  removed INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX push_deliveries_pending ON push_deliveries(pushed_at);

CREATE TRIGGER push_queue_notifications AFTER INSERT ON content_categories
WHEN NEW.category_id IN (SELECT id FROM categories WHERE slug = 'notifications')
BEGIN
  INSERT OR IGNORE INTO push_deliveries (content_id, queued_at) VALUES (NEW.content_id, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
END;
