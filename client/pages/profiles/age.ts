import type { Rating } from '../../../worker/api/pages/schemas';
import type { Translate } from '../../i18n';
import { ageRestriction, KIDS_MAX_AGE, NO_AGE_RESTRICTION } from '../../../worker/rules/age';
import { ageLabel } from '../../profiles/display';

export type AgeOption = { value: string; limit: number | null; label: string };

/**
 * The age restrictions a profile can take (spec §3, §5): 'no-age-restriction' (every title), then
 * '{N}-age-restriction' for each rating above 0, lowest first. A kids profile stops at KIDS_MAX_AGE.
 */
export function ageOptions(t: Translate, ratings: Rating[], kid = false): AgeOption[] {
  const limits = [...new Set(ratings.map((r) => r.rating).filter((n) => n > 0 && (!kid || n <= KIDS_MAX_AGE)))].sort((a, b) => a - b);
  const none: AgeOption[] = kid ? [] : [{ value: NO_AGE_RESTRICTION, limit: null, label: t('NO_AGE_RESTRICTION_OPTION') }];
  return [...none, ...limits.map((limit) => ({ value: ageRestriction(limit), limit, label: ageLabel(t, ageRestriction(limit), ratings) }))];
}
