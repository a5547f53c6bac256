import { z } from 'zod';
import { PasskeyName, PERMISSIONS, Reason, StaffRole } from '../../rules/staff';

/** The back office's API answers and inputs (issue 32), shared by its routes and the console's pages. */

export const SignInInput = z.object({ login: z.string().trim().min(1).max(254), password: z.string().min(1).max(256) });
/** `passkey`: the account holds a passkey, so the second step may use it instead of a code. */
export const FirstStep = z.object({ challenge: z.string(), enrol: z.object({ secret: z.string(), uri: z.string() }).nullable(), passkey: z.boolean() });
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

/** WebAuthn's JSON (base64url fields) as @simplewebauthn/browser sends it: a new passkey, or a signature of one. */
const b64url = (max: number) => z.string().regex(/^[A-Za-z0-9_-]*$/, 'base64url').max(max);
const Transport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
/** What every credential the browser answers has: its id (twice, as WebAuthn's JSON does) and its kind. */
const CredentialBase = z.object({
  id: b64url(1400).min(1),
  rawId: b64url(1400).min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export const RegistrationCredential = CredentialBase.extend({
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(40_000),
    authenticatorData: b64url(4000).optional(),
    transports: z.array(Transport).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4000).optional(),
  }),
});
export const AuthenticationCredential = CredentialBase.extend({
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(4000),
    signature: b64url(2000),
    userHandle: b64url(200).optional(),
  }),
});
export type RegistrationCredential = z.infer<typeof RegistrationCredential>;
export type AuthenticationCredential = z.infer<typeof AuthenticationCredential>;

/** Signing in with a passkey: the first step's challenge and the browser's signature. */
export const PasskeySignInInput = z.object({ challenge: z.string().min(1).max(2000), credential: AuthenticationCredential });
export const PasskeyChallengeInput = z.object({ challenge: z.string().min(1).max(2000) });
export const PasskeyInput = z.object({ name: PasskeyName, credential: RegistrationCredential });

/** The options handed to the browser's navigator.credentials (kept as JSON: the island passes them on as they are). */
export const WebAuthnOptions = z.looseObject({ challenge: z.string() });
export type WebAuthnOptions = z.infer<typeof WebAuthnOptions>;

export const Passkey = z.object({ id: z.string(), name: z.string(), created_at: z.string(), last_used_at: z.string().nullable(), backed_up: z.boolean() });
export type Passkey = z.infer<typeof Passkey>;
export const PasskeyList = z.object({ passkeys: z.array(Passkey) });
export type PasskeyList = z.infer<typeof PasskeyList>;
