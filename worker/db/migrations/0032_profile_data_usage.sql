-- A profile's data usage (issue 34, worker/rules/data-usage.ts): 'auto' follows the browser's
-- Save-Data and connection type, 'saver' caps the rendition at about 0.3 GB per hour, 'best' never caps.
ALTER TABLE profiles ADD COLUMN data_usage TEXT NOT NULL DEFAULT 'auto' CHECK (data_usage IN ('auto', 'saver', 'best'));
