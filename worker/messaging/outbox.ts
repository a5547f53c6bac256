// Dev outbox: "sends" email and SMS by writing them to the D1 `outbox` table (DEV_OUTBOX=true only).
import { checkEmailRecipient, checkSmsRecipient, type Mailer, type SmsSender } from './types';

export type OutboxMessage = {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  /** The plain-text body (emails keep their text part, not the html). */
  body: string;
  /** ISO 8601, UTC. */
  created_at: string;
};

async function write(db: D1Database, channel: OutboxMessage['channel'], recipient: string, subject: string, body: string) {
  await db
    .prepare('INSERT INTO outbox (channel, recipient, subject, body, created_at) VALUES (?, ?, ?, ?, ?)')
    .bind(channel, recipient, subject, body, new Date().toISOString())
    .run();
}

export function outboxMailer(db: D1Database): Mailer {
  return {
    async send(email) {
      checkEmailRecipient(email.to);
      await write(db, 'email', email.to, email.subject, email.text);
    },
  };
}

export function outboxSmsSender(db: D1Database): SmsSender {
  return {
    async send(sms) {
      checkSmsRecipient(sms.to);
      await write(db, 'sms', sms.to, '', sms.text);
    },
  };
}

/** The newest messages first, optionally only those to one recipient (exact match); limit is clamped to 1..500. */
export async function readOutbox(db: D1Database, recipient?: string, limit = 50): Promise<OutboxMessage[]> {
  const n = Math.min(Math.max(Math.trunc(limit) || 1, 1), 500);
  const columns = 'id, channel, recipient, subject, body, created_at';
  const statement = recipient
    ? db.prepare(`SELECT ${columns} FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT ?`).bind(recipient, n)
    : db.prepare(`SELECT ${columns} FROM outbox ORDER BY id DESC LIMIT ?`).bind(n);
  const { results } = await statement.all<OutboxMessage>();
  return results;
}
