import { z } from 'zod';
import { Plan } from '../payments/schemas';

/** Config (spec §3): what the app is allowed to do and show. */
export const Config = z.object({
  free_platform: z.boolean(),
  app_access: z.enum(['open', 'authentication', 'subscription']),
  available_langs: z.array(z.object({ id: z.string(), name: z.string() })),
  socials: z.record(z.string(), z.array(z.string())),
  /** The plans on sale (issue 13), from the plans table. */
  subscriptions: z.array(Plan),
  notifications: z.boolean(),
  options: z.record(z.string(), z.boolean()),
  apps: z.object({ ios: z.string().optional(), android: z.string().optional() }),
  /** App access mode 'authentication': where the login route sends visitors ('' → /login). */
  login_redirect: z.string().default(''),
});
export type Config = z.infer<typeof Config>;
