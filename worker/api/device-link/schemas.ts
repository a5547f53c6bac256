import { z } from 'zod';
import { DEVICE_GRANT_TYPE, isUserCode, normalizeUserCode } from '../../rules/device-link';

/** A client id: the TV app's name (RFC 6749 §2.2), letters, digits, dot, dash, underscore. */
const clientId = z.string().trim().regex(/^[A-Za-z0-9._-]{1,64}$/, 'client_id');

/** POST /auth/device/code (RFC 8628 §3.1): client_id, scope (ignored: one scope), and our device_name, shown in the device history. */
export const CodeRequest = z.object({
  client_id: clientId,
  scope: z.string().max(200).optional(),
  device_name: z.string().trim().max(60).optional(),
});

/** POST /auth/device/token (RFC 8628 §3.4). */
export const TokenRequest = z.object({
  grant_type: z.literal(DEVICE_GRANT_TYPE, { message: 'unsupported_grant_type' }),
  device_code: z.string().min(1).max(200),
  client_id: clientId,
});

/** A user code as typed: any case, with or without the dash or spaces. */
export const userCode = z
  .string()
  .max(40)
  .refine(isUserCode, 'DEVICE_CODE_INVALID')
  .transform(normalizeUserCode);

/** POST /auth/device/approve: the signed-in person links the TV to one of their profiles (its PIN if locked). */
export const ApproveInput = z.object({
  user_code: userCode,
  profile_id: z.coerce.number().int().positive('PROFILE_NOT_FOUND'),
  pin: z.string().max(8).optional(),
});

/** POST /auth/device/deny: the person refuses the TV. */
export const DenyInput = z.object({ user_code: userCode });

/** GET /auth/device?user_code=: what the person is about to link. */
export const LookupQuery = z.object({ user_code: userCode });

/** RFC 8628 §3.2 device authorization response. */
export type CodeAnswer = {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
};

/** RFC 6749 §5.1 token response, with this API's own token fields (spec §7 Tokens) and the profile the TV opens. */
export type TokenAnswer = {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  token: string;
  type: 'bearer';
  refreshToken: string;
  profile_id: number | null;
};

/** RFC 8628 §3.5 / RFC 6749 §5.2 error codes of the token endpoint. */
export type GrantError = 'authorization_pending' | 'slow_down' | 'access_denied' | 'expired_token' | 'invalid_grant' | 'invalid_request' | 'invalid_client' | 'unsupported_grant_type';

/** POST /auth/device/approve's answer: the TV linked, and the profile it opens. */
export const ApproveAnswer = z.object({ device_name: z.string(), profile_id: z.number() });
