import { z } from 'zod';
import { PERMISSIONS, Reason, StaffRole } from '../../rules/staff';

/** The back office's API answers and inputs (issue 32), shared by its routes and the console's pages. */

export const SignInInput = z.object({ login: z.string().trim().min(1).max(254), password: z.string().min(1).max(256) });
export const FirstStep = z.object({ challenge: z.string(), enrol: z.object({ secret: z.string(), uri: z.string() }).nullable() });
export type FirstStep = z.infer<typeof FirstStep>;

export const VerifyInput = z
  .object({
    challenge: z.string().min(1).max(2000),
    code: z.string().trim().regex(/^\d{3} ?\d{3}$/, 'CODE_INVALID').optional(),
    recovery_code: z.string().trim().min(8).max(20).optional(),
  })
  .refine((input) => Boolean(input.code) !== Boolean(input.recovery_code), { message: 'CODE_INVALID' });
export const Signed = z.object({ token: z.string(), expires_at: z.string(), recovery_codes: z.array(z.string()).nullable() });
export type Signed = z.infer<typeof Signed>;

export const Me = z.object({ id: z.string(), email: z.string().nullable(), roles: z.array(z.string()), permissions: z.array(z.enum(PERMISSIONS)) });
export type Me = z.infer<typeof Me>;

export const StaffMember = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  secondFactor: z.boolean(),
  lastSeen: z.string().nullable(),
});
export const StaffList = z.object({ staff: z.array(StaffMember), roles: z.array(StaffRole) });
export type StaffList = z.infer<typeof StaffList>;
export const StaffQuery = z.object({ q: z.string().max(254).optional(), role: StaffRole.optional() });
export const GrantInput = z.object({ login: z.string().trim().min(3).max(254), role: StaffRole, reason: Reason });
export const RevokeInput = z.object({ user_id: z.string().min(1).max(64), role: StaffRole, reason: Reason });

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const AuditQuery = z.object({
  staff: z.string().max(254).optional(),
  entity: z.string().max(64).optional(),
  entity_id: z.string().max(128).optional(),
  action: z.string().max(64).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  before: z.coerce.number().int().positive().optional(),
  format: z.enum(['json', 'csv']).optional(),
});
export const AuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  staff_id: z.string().nullable(),
  staff_email: z.string().nullable(),
  staff_roles: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before_json: z.string().nullable(),
  after_json: z.string().nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  country: z.string().nullable(),
});
export const AuditPage = z.object({ entries: z.array(AuditEntry), next: z.number().nullable(), actions: z.array(z.string()) });
export type AuditPage = z.infer<typeof AuditPage>;
