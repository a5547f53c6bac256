/**
 * A show's seats (issue 17: "inventory counted exactly under parallel purchase … holds expire after
 * 10 minutes, never oversold"): one ShowInventory Durable Object per show (`show:{id}`), so every
 * purchase of the show meets in one single-threaded object whose SQLite storage keeps the seats
 * sold and the holds (order id → seats, expiry). Each call is one synchronous read-check-write, so
 * 50 parallel purchases for the last 10 seats sell exactly 10.
 *
 * `now` (ms) is always passed in by the caller (the request's clock, worker/api/clock.ts): tests
 * move time past a hold's expiry without waiting. Expired holds are dropped by the next call, and
 * by an alarm at the first expiry (the alarm only cleans up; it decides nothing).
 */
import { DurableObject } from 'cloudflare:workers';
import { HOLD_MS } from '../../rules/events';
import { objectName } from '../../limits/names';

export type HoldAnswer = { ok: true; seatsLeft: number } | { ok: false; reason: 'sold_out'; seatsLeft: number };
export type ConfirmAnswer = { sold: true; retaken: boolean } | { sold: false; reason: 'sold_out'; seatsLeft: number };

export class ShowInventory extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS holds (order_id TEXT PRIMARY KEY, seats INTEGER NOT NULL, expires_at INTEGER NOT NULL)');
    this.ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS sold (order_id TEXT PRIMARY KEY, seats INTEGER NOT NULL)');
  }

  /** Holds `seats` for the order until now + 10 minutes, if that many are left (a repeated hold of the same order answers the same). */
  async hold(orderId: string, seats: number, capacity: number, now: number): Promise<HoldAnswer> {
    this.dropExpired(now);
    if (this.has('holds', orderId) || this.has('sold', orderId)) return { ok: true, seatsLeft: this.left(capacity) };
    const left = this.left(capacity);
    if (seats > left) return { ok: false, reason: 'sold_out', seatsLeft: left };
    this.ctx.storage.sql.exec('INSERT INTO holds (order_id, seats, expires_at) VALUES (?, ?, ?)', orderId, seats, now + HOLD_MS);
    await this.schedule();
    return { ok: true, seatsLeft: left - seats };
  }

  /**
   * The order was paid: its held seats are sold. A hold that ran out (or was dropped) is taken
   * again only if `seats` are still left; else sold_out (the order is due a refund). Idempotent.
   */
  async confirm(orderId: string, seats: number, capacity: number, now: number): Promise<ConfirmAnswer> {
    if (this.has('sold', orderId)) return { sold: true, retaken: false };
    const held = this.ctx.storage.sql.exec<{ seats: number; expires_at: number }>('SELECT seats, expires_at FROM holds WHERE order_id = ?', orderId).toArray()[0];
    const live = held !== undefined && held.expires_at > now;
    this.ctx.storage.sql.exec('DELETE FROM holds WHERE order_id = ?', orderId);
    this.dropExpired(now);
    if (!live) {
      const left = this.left(capacity);
      if (seats > left) {
        await this.schedule();
        return { sold: false, reason: 'sold_out', seatsLeft: left };
      }
    }
    this.ctx.storage.sql.exec('INSERT INTO sold (order_id, seats) VALUES (?, ?)', orderId, live ? held.seats : seats);
    await this.schedule();
    return { sold: true, retaken: !live };
  }

  /** The order will not be paid (failed, expired): its held seats come back. Sold seats stay sold. */
  async release(orderId: string): Promise<void> {
    this.ctx.storage.sql.exec('DELETE FROM holds WHERE order_id = ?', orderId);
    await this.schedule();
  }

  /** The seats neither sold nor held at `now`. */
  async seatsLeft(capacity: number, now: number): Promise<number> {
    this.dropExpired(now);
    return this.left(capacity);
  }

  /** At the first expiry: drop what ran out. */
  override async alarm(): Promise<void> {
    this.dropExpired(Date.now());
    await this.schedule();
  }

  private has(table: 'holds' | 'sold', orderId: string): boolean {
    return this.ctx.storage.sql.exec(`SELECT 1 FROM ${table} WHERE order_id = ?`, orderId).toArray().length > 0;
  }

  private left(capacity: number): number {
    const row = this.ctx.storage.sql
      .exec<{ taken: number }>('SELECT (SELECT COALESCE(SUM(seats), 0) FROM sold) + (SELECT COALESCE(SUM(seats), 0) FROM holds) AS taken')
      .one();
    return Math.max(0, capacity - row.taken);
  }

  private dropExpired(now: number): void {
    this.ctx.storage.sql.exec('DELETE FROM holds WHERE expires_at <= ?', now);
  }

  private async schedule(): Promise<void> {
    const next = this.ctx.storage.sql.exec<{ at: number | null }>('SELECT MIN(expires_at) AS at FROM holds').one().at;
    if (next === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(next + 1);
  }
}

/** The typed facade the API uses: one object per show. */
export function showInventory(env: Pick<Env, 'SHOWS'>, showId: number) {
  return env.SHOWS.get(env.SHOWS.idFromName(objectName(`show:${showId}`)));
}
