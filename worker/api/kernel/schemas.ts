import { z } from 'zod';

/** Answer of login and refresh; also the content of the `token` cookie (spec §3 Token cookie). */
export const Tokens = z.object({ token: z.string(), type: z.literal('bearer'), refreshToken: z.string() });
export type Tokens = z.infer<typeof Tokens>;

/** Verification codes (spec §8 'code sent by email or SMS'): what a code is for. */
export const CodePurpose = z.enum(['verify', 'register', 'reset']);
export type CodePurpose = z.infer<typeof CodePurpose>;
