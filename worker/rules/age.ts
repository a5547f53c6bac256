/**
 * Spec §3 Profile age_restriction and §5 Age restriction filter: 'no-age-restriction' or
 * '{N}-age-restriction', N being the rating (minimum age) of a maturity category.
 * Shared by the API (validation, filtering) and the pages (labels, selects).
 */
export const NO_AGE_RESTRICTION = 'no-age-restriction';
const PATTERN = /^(\d{1,2})-age-restriction$/;

/** The limit of an age restriction: N, or null for 'no-age-restriction' (and anything unreadable). */
export function ageLimit(restriction: string): number | null {
  const match = PATTERN.exec(restriction);
  return match ? Number(match[1]) : null;
}

/** '{N}-age-restriction' for a limit, 'no-age-restriction' for none. */
export const ageRestriction = (limit: number | null | undefined): string => (limit ? `${limit}-age-restriction` : NO_AGE_RESTRICTION);

/** Spec §5: with a limit, content rated at or below it is kept; content without a rating always is. */
export const allowedFor = (limit: number | null, rating: number | null | undefined): boolean =>
  limit === null || rating === null || rating === undefined || rating <= limit;

/** A kids profile (spec §6 'Kids profile restricted by age') is limited to titles for this age and under. */
export const KIDS_MAX_AGE = 12;

/**
 * The age restriction a profile ends up with, or the translation key of the problem:
 * a limit must be one of the maturity ratings (`ratings`, the ages above 0); a kids profile is
 * limited to KIDS_MAX_AGE and, without a limit, gets the highest rating within it.
 */
export function settleAgeRestriction(isKid: boolean, restriction: string, ratings: readonly number[]): { value: string } | { error: 'INVALID_AGE_RESTRICTION' | 'KIDS_AGE_LIMIT' } {
  const limit = ageLimit(restriction);
  if (limit !== null && !ratings.includes(limit)) return { error: 'INVALID_AGE_RESTRICTION' };
  if (!isKid) return { value: ageRestriction(limit) };
  if (limit !== null) return limit <= KIDS_MAX_AGE ? { value: ageRestriction(limit) } : { error: 'KIDS_AGE_LIMIT' };
  const within = ratings.filter((r) => r > 0 && r <= KIDS_MAX_AGE);
  return within.length > 0 ? { value: ageRestriction(Math.max(...within)) } : { error: 'KIDS_AGE_LIMIT' };
}
