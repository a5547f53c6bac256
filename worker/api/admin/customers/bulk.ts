// One action on several accounts at once (issue 32, "bulk actions where they make sense"): the same
// business functions as one account's action, run for each account in turn, so each change is
// audited on its own with the same reason, and the conditions that make one action exact under
// parallel requests (an account suspended once, one entry) hold for the bulk too.
import type { Result } from '../../kernel/refusals';
import { resendVerification, setSuspended, signOutEverywhere, type Acting, type ActionRefusal, type Codes } from './actions';
import type { BulkAction } from './schemas';

/** At most this many accounts per bulk action (a page of search results holds 50). */
export const BULK_MAX = 100;

export type BulkOutcome = { done: string[]; refused: { userId: string; refusal: ActionRefusal }[] };

const run = (acting: Acting, codes: Codes, action: BulkAction, userId: string): Promise<Result<unknown, ActionRefusal>> => {
  switch (action) {
    case 'suspend':
      return setSuspended(acting, userId, true);
    case 'reinstate':
      return setSuspended(acting, userId, false);
    case 'sign-out':
      return signOutEverywhere(acting, userId);
    case 'resend-verification':
      return resendVerification(acting, codes, userId);
  }
};

/**
 * Runs `action` on each account (duplicates once), one after the other: what was done, and what
 * was refused with its code (an account already suspended, a staff account, one not found…).
 */
export async function bulkAct(acting: Acting, codes: Codes, action: BulkAction, userIds: readonly string[]): Promise<BulkOutcome> {
  const answer: BulkOutcome = { done: [], refused: [] };
  for (const userId of new Set(userIds)) {
    const outcome = await run(acting, codes, action, userId);
    if (outcome.ok) answer.done.push(userId);
    else answer.refused.push({ userId, refusal: outcome.refusal });
  }
  return answer;
}
