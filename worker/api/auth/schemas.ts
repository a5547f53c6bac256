import { z } from 'zod';
import { checkCode, checkEmail, checkPhone } from '../../rules/account';
import { LANGS } from '../../rules/lang';
import { UserLibrary } from '../entitlements/schemas';
import { CodePurpose, Tokens } from '../kernel/schemas';
import { Profile } from '../profiles/schemas';

/** Shapes that live below the auth routes (the kernel's tokens and codes, the profiles area's profile), answered here too. */
export { CodePurpose, Tokens, Profile };

/**
 * Request and answer shapes of the `auth/*` calls (spec §7). Validation messages are translation
 * keys (worker/rules/account.ts), so a 400 answers `KEY: field` and the request helper translates it.
 * Password strength is checked in the routes, because STRONG_PASSWORD is a config option.
 */
const email = z.string().trim().toLowerCase().refine((v) => checkEmail(v) === null, 'VALID_EMAIL_REQUIRED');
const phone = z.string().trim().refine((v) => checkPhone(v) === null, 'VALID_PHONE_REQUIRED');
const password = z.string().min(1, 'ALL_FIELDS_REQUIRED').max(256, 'PASSWORD_CONDITION');
const code = z.string().trim().refine((v) => checkCode(v) === null, 'INVALID_CODE');

/** POST auth/login: `login` is an email or a phone; `email` is accepted for older clients. */
export const LoginInput = z
  .object({ login: z.string().trim().optional(), email: z.string().trim().optional(), password: z.string() })
  .transform((v) => ({ login: (v.login || v.email || '').toLowerCase(), password: v.password }))
  .refine((v) => v.login !== '' && v.password !== '', 'ALL_FIELDS_REQUIRED');

export const RefreshInput = z.object({ refresh_token: z.string().min(1) });
export const LogoutInput = z.object({ refresh_token: z.string().optional() }).default({});

/** Profile fields accepted at registration and in PUT auth/profile (issue 4 adds the rest). */
export const ProfileInput = z.object({
  username: z.string().trim().max(60).optional(),
  first_name: z.string().trim().max(60).optional(),
  last_name: z.string().trim().max(60).optional(),
  birth: z.iso.date().optional(),
});

/** POST auth/register: email or phone (at least one), password, profile, optional code. */
export const RegisterInput = z
  .object({
    email: email.optional(),
    phone: phone.optional(),
    password,
    password_confirmation: z.string().optional(),
    profile: ProfileInput.default({}),
    code: z.string().trim().max(64).optional(),
  })
  .refine((v) => v.email || v.phone, { message: 'ALL_FIELDS_REQUIRED', path: ['email'] });

/** TOKENIZED_REGISTER: the query of POST auth/register carries the emailed code. */
export const TokenizedRegisterQuery = z.object({ validation_token: code, validation_email: email });

export const ForgotQuery = z.object({ email });
export const ResetInput = z.object({ email, password, reset_token: z.string().min(1) });
export const ChangeWithoutTokenInput = z.object({ email, current_password: password, password });
export const ChangeByPhoneInput = z.object({ phone, code, password });

/** Verification codes (spec §8 'code sent by email or SMS'): where to send and what for (CodePurpose). */
export const SendCodeInput = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('email'), target: email, purpose: CodePurpose }),
  z.object({ channel: z.literal('sms'), target: phone, purpose: CodePurpose }),
]);

/**
 * PUT auth/profile. Changing email or password needs `current_password`; a new phone needs the
 * `code` sent to it (or, for a non-Moroccan number, to the verified email). isEmailVerified /
 * isPhoneVerified: true is only accepted with a valid `code` for that channel.
 */
export const ProfileUpdateInput = z.object({
  email: email.optional(),
  phone: phone.optional(),
  password: z.string().optional(),
  current_password: z.string().optional(),
  code: code.optional(),
  profile: ProfileInput.optional(),
  hide_watched: z.boolean().optional(),
  /** Spec §7: the ids of the library cards to keep (GET auth/user `libraries`); the others are removed. Adding one needs its PIN: POST /libraries/{slug}/card. */
  libraries: z.array(z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).max(50).optional(),
  isEmailVerified: z.boolean().optional(),
  isPhoneVerified: z.boolean().optional(),
});

export const LangInput = z.object({ lang: z.enum(LANGS) });
export const NotificationInput = z.object({ isActive: z.boolean() });
export const UserQuery = z.object({ profile: z.coerce.number().int().positive().optional() });


/** User (spec §3) as answered by GET auth/user; never carries the password hash. */
export const User = z.object({
  id: z.string(),
  lang: z.enum(LANGS),
  isAnonymous: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string(),
  readonly: z.boolean(),
  is_active: z.boolean(),
  isEmailVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  subscription_id: z.number().nullable(),
  subscription_start: z.string().nullable(),
  subscription_renewal: z.string().nullable(),
  subscription_end: z.string().nullable(),
  subscription_error: z.string().nullable(),
  cancel_subscription: z.boolean(),
  free_subscriptions: z.number(),
  avatar: z.string().nullable(),
  profile: Profile,
  profiles: z.array(Profile),
  credits: z.number(),
  cdn_usage: z.number(),
  hide_watched: z.boolean(),
  created_at: z.string(),
  access_id: z.string().nullable(),
  notification_active: z.boolean(),
  push_notification_id: z.string().nullable(),
  options: z.record(z.string(), z.unknown()),
  libraries: z.array(UserLibrary),
  contents: z.array(z.object({ id: z.number() })),
  favs: z.array(z.object({ id: z.number() })),
  likes: z.array(z.object({ id: z.number() })),
  watched: z.array(z.object({ id: z.number(), time: z.number() })),
  watchedContents: z.array(z.object({ id: z.number(), time: z.number() })),
  access: z.array(z.string()),
  unverifiedUserInfo: z.object({ email: z.boolean(), phone: z.boolean() }),
  birth: z.string().nullable(),
});
export type User = z.infer<typeof User>;

/** Device history (issue 3): one row per login. */
export const Device = z.object({
  id: z.string(),
  device_id: z.string(),
  user_agent: z.string(),
  /** The name a TV gave itself when it was linked with a code (worker/api/device-link); '' for browsers. */
  device_name: z.string(),
  country: z.string(),
  city: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
  active: z.boolean(),
});
export const Devices = z.array(Device);
export type Device = z.infer<typeof Device>;

/** DELETE /auth/devices/:id: a session id of the device history. */
export const DeviceParam = z.object({ id: z.string().uuid('DEVICE_NOT_FOUND') });
