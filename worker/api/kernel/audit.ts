/**
 * The audit log (issue 32): append-only. Every action of the back office, and every grant of a role
 * by the CLI, writes one entry here; the table's triggers refuse UPDATE and DELETE (migration
 * 0021_staff_audit.sql), and this module only inserts.
 *
 * An action that changes something puts `auditStatement` in the same D1 batch as its own writes, so
 * the change and its entry are written together or not at all.
 */
import { numberedFrom } from './sql';

/** Who acted: a staff member (with the roles they held then), or nobody (the CLI, the system). */
export type Actor = { id: string | null; roles: readonly string[] };

/** Where the request came from. */
export type Origin = { ip?: string | null; country?: string | null };

export type AuditEntry = {
  actor: Actor;
  /** What was done, as `area.verb`: `staff.grant`, `refund.create`, `customer.suspend`… */
  action: string;
  /** The kind of thing acted on (`user`, `transaction`, `ticket`…) and its id. */
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  origin?: Origin;
  at: Date;
};

const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

/**
 * The INSERT of one entry, to run in the batch of the change it records. `when`: a condition of that
 * batch (SQL with positional `?` placeholders, and their values) the entry is written under, as the
 * batch's other statements are (a compare-and-set that may lose: worker/api/payments/store.ts).
 */
export function auditStatement(db: D1Database, entry: AuditEntry, when?: { sql: string; args: unknown[] }): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO audit_log (at, staff_id, staff_roles, action, entity, entity_id, before_json, after_json, reason, ip, country) SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11${when ? ` WHERE ${numberedFrom(when.sql, 12)}` : ''}`,
    )
    .bind(
      entry.at.toISOString(),
      entry.actor.id,
      entry.actor.roles.join(','),
      entry.action,
      entry.entity,
      entry.entityId,
      json(entry.before),
      json(entry.after),
      entry.reason ?? null,
      entry.origin?.ip ?? null,
      entry.origin?.country ?? null,
      ...(when?.args ?? []),
    );
}

/** Writes one entry on its own (an action whose change is not in D1: a provider's refund, an email). */
export async function audit(db: D1Database, entry: AuditEntry): Promise<void> {
  await auditStatement(db, entry).run();
}
