import type { Context } from 'hono';
import { z } from 'zod';
import { hasActiveSubscription } from '../../rules/subscription';
import type { ProfilesData } from '../../../client/pages/profiles/ProfileCards';
import { Profile, type User } from '../../api/auth/schemas';
import { MAX_PROFILES, profilesNeedSubscription } from '../../rules/profiles';
import type { AppEnv } from '../../env';
import { loadConfig, loadRatings, serverApi } from '../loaders';

const Profiles = z.array(Profile);

/**
 * What the profile management pages show: the account's visible profiles (GET /auth/profiles),
 * the maturity ratings for the age labels and selects (GET /pages/ratings), the limit, and
 * whether adding one needs a subscription.
 * API failures are thrown (ApiError): the pages turn them into a login, a redirect or an error page.
 */
export async function loadProfilesData(c: Context<AppEnv>, user: User): Promise<ProfilesData> {
  const [profiles, ratings, config] = await Promise.all([serverApi(c).request('/auth/profiles', (v) => Profiles.parse(v)), loadRatings(c), loadConfig(c)]);
  // Spec §4: where profiles are sold with a subscription, a user without one has only the first.
  const subscribe = profilesNeedSubscription(config) && !hasActiveSubscription(user);
  return { user, profiles, ratings, max: MAX_PROFILES, subscribe };
}
