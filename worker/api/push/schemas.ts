import { z } from 'zod';
import { LANGS } from '../../rules/lang';
import { fromBase64urlLoose } from '../../rules/base64url';

/** A device id as the edge issues it (worker/edge/request-context): 8 to 64 of A-Z a-z 0-9 _ -. */
const DeviceId = z.string().regex(/^[\w-]{8,64}$/, 'must be 8 to 64 letters, digits, _ or -');
/** Only browsers register here; mobile apps are another issue. */
const DeviceFamily = z.literal('web', { error: "must be 'web'" });

const base64urlOf = (bytes: number, what: string) =>
  z.string().refine((value) => {
    const decoded = fromBase64urlLoose(value);
    return decoded?.length === bytes && (bytes !== 65 || decoded[0] === 4);
  }, `must be ${what} in base64url`);

const httpsUrl = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', 'must be an https URL');

/** POST /pushNotifications/tokenRegister: the browser's PushSubscription (its toJSON()) and who it is. */
export const TokenRegisterInput = z.object({
  device_id: DeviceId,
  device_family: DeviceFamily,
  preferred_language: z.enum(LANGS, { error: `must be one of ${LANGS.join(', ')}` }),
  subscription: z.object({
    endpoint: httpsUrl,
    keys: z.object({
      p256dh: base64urlOf(65, 'an uncompressed P-256 public key (65 bytes)'),
      auth: base64urlOf(16, 'a 16-byte secret'),
    }),
  }),
});
export type TokenRegisterInput = z.infer<typeof TokenRegisterInput>;

/** POST /pushNotifications/tokenUnregister. */
export const TokenUnregisterInput = z.object({ device_id: DeviceId, device_family: DeviceFamily });
export type TokenUnregisterInput = z.infer<typeof TokenUnregisterInput>;
