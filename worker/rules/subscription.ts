/**
 * Spec §4 Subscription active: the user has a subscription_id and subscription_end is today or
 * later (a cancelled subscription stays active until its end). `today` is YYYY-MM-DD (UTC).
 */
export function hasActiveSubscription(
  user: { subscription_id: number | null; subscription_end: string | null },
  today: string = new Date().toISOString().slice(0, 10),
): boolean {
  return user.subscription_id !== null && user.subscription_end !== null && user.subscription_end.slice(0, 10) >= today;
}
