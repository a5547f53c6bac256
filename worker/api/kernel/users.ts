/** The account every area reads: its row, found by id (the authenticated caller) or by login. */

/** A users row (worker/db/migrations/0002_accounts.sql). */
export type UserRow = {
  id: string;
  email: string | null;
  phone: string | null;
  password_hash: string;
  lang: string;
  role: string;
  readonly: number;
  is_active: number;
  is_email_verified: number;
  is_phone_verified: number;
  subscription_id: number | null;
  subscription_start: string | null;
  subscription_renewal: string | null;
  subscription_end: string | null;
  subscription_error: string | null;
  cancel_subscription: number;
  free_subscriptions: number;
  avatar: string | null;
  credits: number;
  cdn_usage: number;
  hide_watched: number;
  notification_active: number;
  push_notification_id: string | null;
  access_id: string | null;
  libraries: string;
  options: string;
  birth: string | null;
  created_at: string;
};

/** Finds a user by email (lower-cased) or phone (E.164): the `login` of POST auth/login. */
export const findUserByLogin = (db: D1Database, login: string): Promise<UserRow | null> =>
  db.prepare('SELECT * FROM users WHERE email = ?1 OR phone = ?1').bind(login).first<UserRow>();

export const findUserById = (db: D1Database, id: string): Promise<UserRow | null> =>
  db.prepare('SELECT * FROM users WHERE id = ?').bind(id).first<UserRow>();
