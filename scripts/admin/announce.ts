/**
 * The SQL of scripts/admin/notify.ts, in a pure module (no node: imports) so that the route tests
 * run the very same statements on their D1.
 */

/** The statements that announce content `id` in the notifications category `category` (one batch, in this order). */
export function announceStatements(id: number, category: number, keepDate: boolean): string[] {
  return [
    ...(keepDate ? [] : [`UPDATE contents SET publication_date_start = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = ${id}`]),
    // First in line: the category lists by position, the newest announcement first.
    `INSERT INTO content_categories (content_id, category_id, position)
       SELECT ${id}, ${category}, COALESCE(MIN(position), 1) - 1 FROM content_categories WHERE category_id = ${category}
       ON CONFLICT (content_id, category_id) DO UPDATE SET position = excluded.position`,
    // Unread again for every profile (spec §4: a notification is read once its click is recorded).
    `DELETE FROM actions WHERE type = 'click' AND content_id = ${id}`,
  ];
}

