import { z } from 'zod';
import { DATA_USAGES } from '../../rules/data-usage';
import { ageLimit, NO_AGE_RESTRICTION } from '../../rules/age';
import { isAvatar } from '../../rules/avatars';
import { checkPin } from '../../rules/pin';
import { CaptionBackground, CaptionSize } from '../../rules/captions';

/**
 * Request shapes of the profile calls (issue 4, in the style of spec §7 auth/*). Messages are
 * translation keys, so a 400 answers `KEY: field` (worker/api/kernel/validation.ts).
 */
export const PROFILE_NAME_MAX = 40;

const name = z.string().trim().min(1, 'NAME_REQUIRED').max(PROFILE_NAME_MAX, 'NAME_TOO_LONG');
const picture = z.string().refine(isAvatar, 'INVALID_PICTURE');
const ageRestriction = z.string().refine((v) => v === NO_AGE_RESTRICTION || ageLimit(v) !== null, 'INVALID_AGE_RESTRICTION');
const text = (max: number) => z.string().trim().max(max, 'FIELD_TOO_LONG').nullable().optional();
export const pin = z.string().refine((v) => checkPin(v) === null, 'PIN_FORMAT');

export const ProfileCreateInput = z.object({
  name,
  picture: picture.optional(),
  is_kid: z.boolean().optional(),
  age_restriction: ageRestriction.optional(),
  autoplay: z.boolean().optional(),
});

/** PUT /auth/profiles/:id. `password` is needed when is_kid or age_restriction changes. */
export const ProfileEditInput = z.object({
  name: name.optional(),
  picture: picture.optional(),
  is_kid: z.boolean().optional(),
  age_restriction: ageRestriction.optional(),
  autoplay: z.boolean().optional(),
  caption_size: CaptionSize.optional(),
  caption_background: CaptionBackground.optional(),
  /** Automatic, Data saver or Best quality (worker/rules/data-usage.ts). */
  data_usage: z.enum(DATA_USAGES, 'INVALID_DATA_USAGE').optional(),
  username: text(60),
  gender: text(30),
  first_name: text(60),
  last_name: text(60),
  address: text(200),
  zipCode: text(20),
  country: text(60),
  birth: z.iso.date('INVALID_DATE').nullable().optional(),
  password: z.string().max(256).optional(),
});

export const PinInput = z.object({ password: z.string().max(256), pin: pin.nullable() });
export const RestrictionInput = z.object({ password: z.string().max(256), age_restriction: ageRestriction });
export const DeleteInput = z.object({ password: z.string().max(256).optional() }).default({});
export const PinQuery = z.object({ pin, id: z.coerce.number().int().positive('PROFILE_NOT_FOUND') });
export const IdParam = z.object({ id: z.coerce.number().int().positive('PROFILE_NOT_FOUND') });

/** Profile (spec §3). The PIN itself is never returned: `has_pin` says whether one is set. */
export const Profile = z.object({
  id: z.number(),
  name: z.string(),
  picture: z.string(),
  is_kid: z.boolean(),
  age_restriction: z.string(),
  pin_is_activated: z.boolean(),
  has_pin: z.boolean(),
  /** A PIN is active and this session has not unlocked the profile (spec §4 profile/pin lock). */
  locked: z.boolean(),
  autoplay: z.boolean(),
  /** Subtitles as this profile reads them (worker/rules/captions.ts). */
  caption_size: CaptionSize,
  caption_background: CaptionBackground,
  data_usage: z.enum(DATA_USAGES),
  method_payment: z.string(),
  username: z.string().nullable(),
  gender: z.string().nullable(),
  last_name: z.string().nullable(),
  first_name: z.string().nullable(),
  address: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string().nullable(),
  birth: z.string().nullable(),
});
export type Profile = z.infer<typeof Profile>;
