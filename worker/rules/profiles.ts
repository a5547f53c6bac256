/** Profile rules the API and the profile pages share (spec §4). */

/** Netflix's limit: at most this many profiles per account. */
export const MAX_PROFILES = 5;

/**
 * Spec §4 Profile switching: "Non-subscribed users see only their first profile" — on a platform
 * that sells subscriptions (not free, with plans). Where nothing can be bought, every profile shows.
 */
export const profilesNeedSubscription = (config: { free_platform: boolean; subscriptions: readonly unknown[] }): boolean =>
  !config.free_platform && config.subscriptions.length > 0;
