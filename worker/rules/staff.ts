import { z } from 'zod';

/**
 * The back office's rules shared by the API and the console pages (issue 32): roles, permissions,
 * how long a console session lasts, which actions need a reason.
 */

/** Every role of the `staff_roles` table; the first seven are the console's. */
export const CONSOLE_ROLES = ['administrator', 'support', 'finance', 'catalogue', 'programming', 'partners', 'events'] as const;
export const FIELD_ROLES = ['agent', 'librarian', 'door'] as const;
export const STAFF_ROLES = [...CONSOLE_ROLES, ...FIELD_ROLES] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const StaffRole = z.enum(STAFF_ROLES);

/** Every permission the console checks (the `staff_role_permissions` table grants them to roles). */
export const PERMISSIONS = [
  'staff.read',
  'staff.grant',
  'audit.read',
  'customers.read',
  'customers.act',
  'support.read',
  'support.reply',
  'refunds.read',
  'refunds.create',
  'coupons.read',
  'coupons.write',
  'reconciliation.read',
  'reports.read',
  'catalogue.read',
  'catalogue.write',
  'channels.read',
  'channels.write',
  'partners.read',
  'partners.write',
  'events.read',
  'events.write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const isPermission = (value: string): value is Permission => (PERMISSIONS as readonly string[]).includes(value);

/** A console session ends after this long without a request… */
export const STAFF_SESSION_IDLE_MINUTES = 15;
/** …and this long after sign-in, whatever happens. */
export const STAFF_SESSION_MAX_HOURS = 8;
/** Sign-in's first step (password) is good for the second step (the code) this long. */
export const STAFF_CHALLENGE_MINUTES = 5;
/** A passkey's challenge (adding one, or signing in with one) is good once, for this long. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** Passkeys a staff member may hold at once. */
export const MAX_PASSKEYS = 10;
/** A passkey's name, as its holder typed it ("YubiKey 5", "Work laptop"). */
export const PasskeyName = z.string().trim().min(1).max(60);

/** Recovery codes given when the second factor is set up, each good once. */
export const RECOVERY_CODES = 10;

/** A reason a person wrote: required for money and account actions, kept in the audit log. */
export const Reason = z.string().trim().min(3).max(500);
