import type { Translate } from '../i18n';
import { ageLimit } from '../../worker/rules/age';

/**
 * Spec §2 profile list: a profile's age restriction label ('12+ and below', with the maturity
 * rating's own name when `ratings` are known), or 'All public' without one.
 */
export function ageLabel(t: Translate, restriction: string, ratings: readonly { rating: number; name: string }[] = []): string {
  const limit = ageLimit(restriction);
  if (limit === null) return t('ALL_PUBLIC');
  return t('AGE_LIMIT_LABEL', { name: ratings.find((r) => r.rating === limit)?.name ?? `${limit}+` });
}
