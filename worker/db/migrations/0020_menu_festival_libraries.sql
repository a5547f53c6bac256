-- The menu's Festival entry opens the festival hub (/events), no longer the partner's page in a
-- frame, and the public libraries (/libraries) join the menu: for databases seeded before (a new
-- database gets both from the seed, scripts/seed/catalogue.ts; its menu is still empty here).
UPDATE menu_items SET slug = 'festival', type = 'events', url = NULL WHERE slug = 'comedy-festival' AND type = 'webview';

INSERT INTO menu_items (id, slug, type, position)
SELECT (SELECT MAX(id) + 1 FROM menu_items), 'libraries', 'libraries', (SELECT MAX(position) + 1 FROM menu_items)
WHERE EXISTS (SELECT 1 FROM menu_items) AND NOT EXISTS (SELECT 1 FROM menu_items WHERE type = 'libraries');

INSERT OR IGNORE INTO menu_item_i18n (menu_item_id, lang, name)
SELECT m.id, n.lang, n.name FROM menu_items m,
  (SELECT 'en' AS lang, 'Libraries' AS name UNION ALL SELECT 'fr', 'Bibliothèques' UNION ALL SELECT 'ar', 'المكتبات' UNION ALL SELECT 'es', 'Bibliotecas') n
WHERE m.type = 'libraries';
