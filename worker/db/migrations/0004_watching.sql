-- Watching (issue 5): playable media in R2, per-title countries, YouTube-hosted items.
-- Countries where a title may be played (ISO 3166-1 alpha-2, JSON array); [] = everywhere.
ALTER TABLE contents ADD COLUMN allowed_countries TEXT NOT NULL DEFAULT '[]';
-- /youtube/{slug}: the YouTube video id of a YouTube-hosted item.
ALTER TABLE contents ADD COLUMN youtube_id TEXT;

-- One HLS ladder per content and kind, stored in R2 under `r2_prefix` (master.m3u8, renditions,
-- segments, subtitles, poster, thumbnail strip), written by scripts/media/ingest.ts.
CREATE TABLE media (
  content_id INTEGER NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
  kind       TEXT NOT NULL CHECK (kind IN ('main', 'trailer')),
  r2_prefix  TEXT NOT NULL,                 -- e.g. 'titles/casa-blues/main'
  duration   REAL NOT NULL,                 -- seconds
  renditions TEXT NOT NULL DEFAULT '[]',    -- JSON [{ height, bandwidth }]
  subtitles  TEXT NOT NULL DEFAULT '[]',    -- JSON [{ lang, file }] (also named in master.m3u8)
  poster     TEXT,                          -- file under the prefix, e.g. 'poster.jpg'
  thumbnails TEXT,                          -- WebVTT of the thumbnail strip, e.g. 'thumbs.vtt'
  created_at TEXT NOT NULL,
  PRIMARY KEY (content_id, kind)
);
