import { z } from 'zod';

/**
 * The answers of entitlements (worker/api/entitlements/access.ts): may this viewer watch this title
 * now, and how could they. `Access`: 'ok'; 'premium' (premium title, platform not free, no active
 * subscription, no running ticket unlock or library loan); 'geoblocked' (country outside the
 * title's allowed countries). GET /pages/content/{slug} `access`, and the stream_url refusals.
 */
export const Access = z.enum(['ok', 'premium', 'geoblocked']);
export type Access = z.infer<typeof Access>;

/**
 * A library title on the content page (issue 17, GET /pages/content/{slug} `library`): the libraries
 * that include it, whether the viewer has "a valid library card" at one of them (then "Borrow with
 * your library card (1 ticket, 72 h)" with the tickets left this month), and the end of a running
 * loan (null: none). Null for titles no library includes, and for viewers who need no card (subscribed).
 */
export const LibraryOffer = z.object({
  libraries: z.array(z.object({ slug: z.string(), name: z.string() })),
  card: z.boolean(),
  tickets_left: z.number().nullable(),
  loan_until: z.string().nullable(),
});
export type LibraryOffer = z.infer<typeof LibraryOffer>;

/** Spec §3 User `libraries`: the user's library cards (GET auth/user), the number masked, never the PIN. */
export const UserLibrary = z.object({
  /** The card's id: PUT auth/profile `libraries` lists the ids of the cards to keep. */
  id: z.number(),
  library_id: z.number(),
  slug: z.string(),
  name: z.string(),
  card_number: z.string(),
  /** "A valid library card": false once a re-check with the library failed. */
  valid: z.boolean(),
});
export type UserLibrary = z.infer<typeof UserLibrary>;
