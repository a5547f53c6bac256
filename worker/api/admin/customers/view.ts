// One customer at a glance (issue 32): the account, its subscription as the state machine holds it,
// profiles, the devices signed in, library cards, and the first page of its story.
import { z } from 'zod';
import { isActive } from '../../payments/state';
import { loadBilling } from '../../payments/store';
import type { CustomerView } from './schemas';
import { timeline, type TimelineQuery } from './timeline';

const AccountRow = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  lang: z.string(),
  created_at: z.string(),
  is_active: z.number(),
  is_email_verified: z.number(),
  is_phone_verified: z.number(),
  credits: z.number(),
  staff_roles: z.string().nullable(),
});
const ProfileRow = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  is_kid: z.number(),
  pin: z.number(),
  pin_is_activated: z.number(),
  created_at: z.string(),
});
const DeviceRow = z.object({ id: z.string(), device_id: z.string(), device_name: z.string(), user_agent: z.string(), country: z.string(), city: z.string(), created_at: z.string(), last_seen_at: z.string() });
const CardRow = z.object({ id: z.number(), library_id: z.number(), slug: z.string(), card_number: z.string(), valid_until: z.string().nullable(), invalid_reason: z.string().nullable() });

/** The account's row and the console roles it holds, or null when there is no such account. */
export async function customerAccount(db: D1Database, userId: string): Promise<z.infer<typeof AccountRow> | null> {
  const row = await db
    .prepare(
      `SELECT u.id, u.email, u.phone, u.lang, u.created_at, u.is_active, u.is_email_verified, u.is_phone_verified, u.credits,
        (SELECT group_concat(g.role) FROM staff_grants g JOIN staff_roles r ON r.name = g.role WHERE g.user_id = u.id AND r.console = 1) AS staff_roles
       FROM users u WHERE u.id = ?1`,
    )
    .bind(userId)
    .first();
  return row ? AccountRow.parse(row) : null;
}

export type ViewDeps = { db: D1Database; invoicePrefix: string };

/** GET /admin/customers/:userId, or null when there is no such account. */
export async function customerView(deps: ViewDeps, userId: string, now: Date, first: TimelineQuery): Promise<CustomerView | null> {
  const { db } = deps;
  const account = await customerAccount(db, userId);
  const billing = await loadBilling(db, userId);
  if (!account || !billing) return null;
  const [profiles, devices, cards] = await db.batch([
    db.prepare('SELECT id, name, username, first_name, last_name, is_kid, pin_hash IS NOT NULL AS pin, pin_is_activated, created_at FROM profiles WHERE user_id = ?1 ORDER BY id').bind(userId),
    db.prepare('SELECT id, device_id, device_name, user_agent, country, city, created_at, last_seen_at FROM sessions WHERE user_id = ?1 AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 50').bind(userId),
    db.prepare('SELECT k.id, k.library_id, l.slug, k.card_number, k.valid_until, k.invalid_reason FROM library_cards k JOIN libraries l ON l.id = k.library_id WHERE k.user_id = ?1 ORDER BY k.id').bind(userId),
  ]);
  const story = await timeline(deps, { userId, email: account.email, phone: account.phone }, first);
  return {
    account: {
      id: account.id,
      email: account.email,
      phone: account.phone,
      lang: account.lang,
      createdAt: account.created_at,
      active: account.is_active === 1,
      emailVerified: account.is_email_verified === 1,
      phoneVerified: account.is_phone_verified === 1,
      credits: account.credits,
      staffRoles: account.staff_roles?.split(',').sort() ?? [],
    },
    subscription: {
      premium: isActive(billing, now),
      state: billing.state,
      planId: billing.planId,
      nextPlanId: billing.nextPlanId,
      start: billing.start,
      end: billing.end,
      renewal: billing.renewal,
      cancelled: billing.cancelled,
      error: billing.error,
      provider: billing.provider,
      currency: billing.currency,
      origin: billing.origin,
      trialEnd: billing.trialEnd,
      card: billing.card ? { brand: billing.card.brand, last4: billing.card.last4 } : null,
      freeTrials: billing.freeSubscriptions,
    },
    profiles: z.array(ProfileRow).parse(profiles?.results ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      username: p.username,
      firstName: p.first_name,
      lastName: p.last_name,
      kid: p.is_kid === 1,
      pin: p.pin === 1,
      pinActive: p.pin_is_activated === 1,
      createdAt: p.created_at,
    })),
    devices: z.array(DeviceRow).parse(devices?.results ?? []).map((d) => ({
      sessionId: d.id,
      deviceId: d.device_id,
      device: d.device_name,
      userAgent: d.user_agent,
      country: d.country,
      city: d.city,
      createdAt: d.created_at,
      lastSeenAt: d.last_seen_at,
    })),
    libraryCards: z.array(CardRow).parse(cards?.results ?? []).map((k) => ({ id: k.id, libraryId: k.library_id, library: k.slug, cardNumber: k.card_number, validUntil: k.valid_until, invalid: k.invalid_reason })),
    timeline: story,
  };
}
