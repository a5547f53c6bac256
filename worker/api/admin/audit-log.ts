/**
 * Reading the audit log (issue 32): filtered by staff member, entity, action and dates, newest
 * first, a page at a time (keyset on the id: as fast on the millionth entry as on the first).
 */
export type AuditFilter = {
  staff?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  /** ISO dates (inclusive), YYYY-MM-DD. */
  from?: string | undefined;
  to?: string | undefined;
  /** Entries older than this id (the page before's last). */
  before?: number | undefined;
};

export type AuditRow = {
  id: number;
  at: string;
  staff_id: string | null;
  staff_email: string | null;
  staff_roles: string;
  action: string;
  entity: string;
  entity_id: string;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  ip: string | null;
  country: string | null;
};

export const AUDIT_PAGE = 50;

export async function listAudit(db: D1Database, filter: AuditFilter, limit = AUDIT_PAGE): Promise<{ entries: AuditRow[]; next: number | null }> {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.at, a.staff_id, u.email AS staff_email, a.staff_roles, a.action, a.entity, a.entity_id, a.before_json, a.after_json, a.reason, a.ip, a.country
       FROM audit_log a LEFT JOIN users u ON u.id = a.staff_id
       WHERE (?1 = '' OR a.staff_id = ?1 OR u.email = ?1)
         AND (?2 = '' OR a.entity = ?2) AND (?3 = '' OR a.entity_id = ?3) AND (?4 = '' OR a.action = ?4)
         AND (?5 = '' OR a.at >= ?5) AND (?6 = '' OR a.at < date(?6, '+1 day'))
         AND a.id < ?7
       ORDER BY a.id DESC LIMIT ?8`,
    )
    .bind(filter.staff ?? '', filter.entity ?? '', filter.entityId ?? '', filter.action ?? '', filter.from ?? '', filter.to ?? '', filter.before ?? Number.MAX_SAFE_INTEGER, limit + 1)
    .all<AuditRow>();
  const entries = results.slice(0, limit);
  return { entries, next: results.length > limit ? (entries.at(-1)?.id ?? null) : null };
}

/** The actions written so far, for the filter's choices. */
export async function auditActions(db: D1Database): Promise<string[]> {
  const { results } = await db.prepare('SELECT DISTINCT action FROM audit_log ORDER BY action').all<{ action: string }>();
  return results.map((row) => row.action);
}
