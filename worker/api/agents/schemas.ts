// Agent console answers (issue 14): what the API, the page loaders and the page agree on.
import { z } from 'zod';

/** A user as an agent sees them: enough to recognise them and their state, nothing more. */
export const AgentUserView = z.object({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  premium_until: z.string().nullable(),
  pending: z.boolean(),
});
export type AgentUserView = z.infer<typeof AgentUserView>;

export const Collection = z.object({
  id: z.string(),
  created_at: z.string(),
  state: z.string(),
  amount: z.number(),
  currency: z.string(),
  plan_id: z.number(),
  voucher_ref: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type Collection = z.infer<typeof Collection>;


/** GET /agent/me: the agent the session belongs to (403 NOT_AN_AGENT otherwise). */
export const AgentMe = z.object({ name: z.string() });

/** GET /agent/collections: the agent's collections of the day, with the totals by currency. */
export const CollectionDay = z.object({ day: z.string(), items: z.array(Collection), totals: z.record(z.string(), z.number()) });
export type CollectionDay = z.infer<typeof CollectionDay>;
