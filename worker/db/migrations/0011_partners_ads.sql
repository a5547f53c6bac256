-- Partners, ads and dynamic (webview) pages (issue 15; spec §1 ads and partners pages, §2 menus,
-- §3 Search data `ads`, §7 GET /pages/ads, /pages/partners…, /pages/content/{slug}/partners).
-- Texts are JSON objects by language ({"en": "…", "ar": "…"}), as in 0009_live_tv.sql; readers fall
-- back to English, then to any language given.

-- A partner (a film distributor, a library network, a festival, a telecom): its page /partners/{slug}
-- lists the titles it brings. The sitemap reads slug, updated_at and published.
CREATE TABLE partners (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT,
  -- An image path of this site (/catalogue/partners/{slug}.svg) or an https URL.
  logo TEXT,
  -- The partner's own website ("Visit website"): https only.
  link_url TEXT,
  position INTEGER NOT NULL DEFAULT 0,
  published INTEGER NOT NULL DEFAULT 1,
  updated_at TEXT NOT NULL
);

-- The titles a partner brings (partner ↔ content), in the partner's order.
CREATE TABLE partner_contents (
  partner_id INTEGER NOT NULL REFERENCES partners(id) ON DELETE CASCADE,
  content_id INTEGER NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (partner_id, content_id)
);
CREATE INDEX partner_contents_content ON partner_contents(content_id);

-- An ad: a house ad (our own offer, e.g. premium) or a sponsor banner (a partner's), shown in one
-- placement (the home page slot, the search results, or only the /ads page, which lists them all)
-- between starts_at and ends_at (unix seconds, UTC; ends_at NULL = no end), in the languages of
-- `langs` (a JSON array; NULL = every language). Its click goes through /ads/{id}/click to link_url
-- (https or a path of this site, never anything else: no open redirect).
CREATE TABLE ads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('house', 'sponsor')),
  placement TEXT NOT NULL CHECK (placement IN ('home', 'search', 'ads')),
  partner_id INTEGER REFERENCES partners(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  text TEXT,
  image TEXT,
  link_url TEXT NOT NULL,
  langs TEXT,
  starts_at INTEGER NOT NULL,
  ends_at INTEGER,
  position INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  CHECK (ends_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX ads_current ON ads(placement, starts_at);

-- Impressions and clicks counted per ad and day (UTC), never per person: no cookie, no user id, no
-- IP is stored. Each count is one UPSERT statement, exact under parallel requests.
CREATE TABLE ad_counts (
  ad_id INTEGER NOT NULL REFERENCES ads(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  impressions INTEGER NOT NULL DEFAULT 0,
  clicks INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (ad_id, day)
);

-- Menu items of type webview (spec §2: /page/{slug}) embed this page: a path of this site
-- (e.g. /embed/partners/{slug}) or an https URL whose origin is listed in WEBVIEW_ORIGINS.
ALTER TABLE menu_items ADD COLUMN url TEXT;
