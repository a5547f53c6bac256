import { z } from 'zod';
import { Content } from '../pages/schemas';
import { langQuery, slug } from '../schemas';

/** A library in the finder (spec §3 the library entity: name, city, postal code), in the asked language. */
export const LibrarySummary = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  postal_code: z.string(),
  logo: z.string().nullable(),
  /** Each patron's tickets per calendar month (one ticket: one title for 72 hours). */
  monthly_tickets: z.number(),
});
export type LibrarySummary = z.infer<typeof LibrarySummary>;

/** GET /pages/libraries?q=: the library finder (search by city, postal code or name, folded as the catalogue search). */
export const LibraryFinder = z.object({ query: z.string(), libraries: z.array(LibrarySummary) });
export type LibraryFinder = z.infer<typeof LibraryFinder>;

/** A card of the caller (spec §3 User `libraries`): the number masked, never the PIN. */
export const LibraryCard = z.object({
  id: z.number(),
  library: z.object({ id: z.number(), slug: z.string(), name: z.string() }),
  card_number: z.string(),
  patron_name: z.string().nullable(),
  /** "A valid library card": false once a re-check with the library failed. */
  valid: z.boolean(),
  valid_until: z.string().nullable(),
  checked_at: z.string(),
  monthly_tickets: z.number(),
  /** Tickets left this month (UTC month, reset on the 1st). */
  tickets_left: z.number(),
});
export type LibraryCard = z.infer<typeof LibraryCard>;

/** GET /pages/libraries/{slug}: the library's page with its titles and the caller's card there (null: none, or a guest). */
export const LibraryPage = z.object({
  library: LibrarySummary.extend({ landing: z.string() }),
  contents: z.array(Content),
  card: LibraryCard.nullable(),
});
export type LibraryPage = z.infer<typeof LibraryPage>;

/** A running loan: the title, its library, and when the 72 hours end. */
export const LibraryLoan = z.object({
  id: z.string(),
  content: z.object({ id: z.number(), slug: z.string(), name: z.string(), tile_image: z.string().nullable() }),
  library: z.object({ slug: z.string(), name: z.string() }),
  started_at: z.string(),
  expires_at: z.string(),
});
export type LibraryLoan = z.infer<typeof LibraryLoan>;

/** GET /libraries/me: the caller's cards with the tickets left this month, and their running loans. */
export const MyLibraries = z.object({ month: z.string(), now: z.string(), cards: z.array(LibraryCard), loans: z.array(LibraryLoan) });
export type MyLibraries = z.infer<typeof MyLibraries>;

/** POST /libraries/loans: the loan (new, or the running one), whether a ticket was spent, and the tickets left. */
export const BorrowAnswer = z.object({ loan: LibraryLoan, spent: z.boolean(), tickets_left: z.number() });
export type BorrowAnswer = z.infer<typeof BorrowAnswer>;

/** GET /librarian/usage?month=: the librarian's library's usage for one month. */
export const LibrarianUsage = z.object({
  library: z.object({ slug: z.string(), name: z.string() }),
  month: z.string(),
  loans: z.number(),
  patrons: z.number(),
  /** Every title borrowed that month, most borrowed first (the page shows the top ones, the CSV all). */
  titles: z.array(z.object({ slug: z.string(), name: z.string(), loans: z.number(), patrons: z.number() })),
});
export type LibrarianUsage = z.infer<typeof LibrarianUsage>;

export const finderQuery = langQuery.extend({ q: z.string().max(200).optional().default('') });
export const libraryParam = z.object({ slug });
export const cardParam = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const usageQuery = langQuery.extend({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month: YYYY-MM').optional() });

/** POST /libraries/{slug}/card: the card number and its PIN or password, as printed and chosen. */
export const CardInput = z.object({
  cardNumber: z.string().trim().min(1, 'cardNumber: required').max(40, 'cardNumber: too long'),
  pin: z.string().min(1, 'pin: required').max(64, 'pin: too long'),
});

/** POST /libraries/loans: the title to borrow (a title, a series or an episode), optionally through which library. */
export const BorrowInput = z.object({ contentSlug: slug, library: slug.optional() });
