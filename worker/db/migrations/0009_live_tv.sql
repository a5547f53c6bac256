-- Live TV and the programme guide (issue 16, spec §1 TV channel offering, §2 /tv and /epg).
-- Names, titles and descriptions are JSON objects by language ({"en": "…", "ar": "…"}), as XMLTV
-- gives them (title@lang); readers fall back to English, then to any language given.
CREATE TABLE channels (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- The XMLTV channel id (e.g. "aflam.tafrij.ma"): what an import matches on.
  xmltv_id TEXT NOT NULL UNIQUE,
  slug TEXT NOT NULL UNIQUE,
  number INTEGER NOT NULL,
  names TEXT NOT NULL,
  logo TEXT,
  premium INTEGER NOT NULL DEFAULT 0,
  -- JSON array of ISO countries where it plays; NULL or [] = everywhere (spec §6 geoblocking).
  allowed_countries TEXT,
  -- The youngest age that may watch it (0 = everyone); a kids profile below it does not see the channel.
  age_rating INTEGER NOT NULL DEFAULT 0,
  -- Where the live picture comes from: a live HLS origin (source_url, e.g. Cloudflare Stream Live),
  -- or demo media in R2 played as a simulated live channel (demo_prefix, worker/media/live.ts).
  source_url TEXT,
  demo_prefix TEXT,
  published INTEGER NOT NULL DEFAULT 1,
  updated_at TEXT NOT NULL
);

CREATE TABLE programmes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
  -- Unix seconds, UTC.
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  title TEXT NOT NULL,
  description TEXT,
  category TEXT,
  episode TEXT,
  -- Minimum age from the XMLTV rating (0 = everyone): hidden from kids profiles below it.
  age_rating INTEGER NOT NULL DEFAULT 0,
  image TEXT,
  -- Catch-up: the VOD title that recorded it (contents.slug), playable for 7 days after it ends.
  recording_slug TEXT,
  updated_at TEXT NOT NULL,
  UNIQUE (channel_id, starts_at),
  CHECK (ends_at > starts_at)
);
CREATE INDEX programmes_window ON programmes(channel_id, ends_at);

-- "Remind me": a bell notification and a web push REMINDER_LEAD_MINUTES before the programme starts.
CREATE TABLE programme_reminders (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  programme_id INTEGER NOT NULL REFERENCES programmes(id) ON DELETE CASCADE,
  lang TEXT NOT NULL DEFAULT 'en',
  created_at TEXT NOT NULL,
  -- Set once by the delivery run that claims it (worker/api/live-tv/reminders.ts): sent exactly once.
  sent_at TEXT,
  -- When the viewer opened it from the bell (NULL: unread).
  read_at TEXT,
  PRIMARY KEY (user_id, programme_id)
);
CREATE INDEX programme_reminders_pending ON programme_reminders(sent_at);
