import { zValidator } from '@hono/zod-validator';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../env';
import { caller, requireAuth } from '../kernel/auth';
import { apiError } from '../errors';
import { validationHook } from '../kernel/validation';
import { deliverNotifications } from '../../push/deliver';
import { PUSH_OFF_DETAIL, vapidKeys } from '../../push/keys';
import { TokenRegisterInput, TokenUnregisterInput } from './schemas';
import { removeSubscription, saveSubscription } from '../../push/subscriptions';

/** Push needs VAPID keys (worker/push/keys.ts): without them, 503 PUSH_DISABLED. */
const pushOn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!vapidKeys(c.env)) apiError(503, 'PUSH_DISABLED', PUSH_OFF_DETAIL);
  await next();
};

/**
 * Web push registrations (spec §7 /pushNotifications/tokenRegister|tokenUnregister; guests cannot
 * register, spec §6). docs/operators/accounts.md, "Web push".
 */
export const pushNotifications = new Hono<AppEnv>()
  /** GET /pushNotifications/publicKey: the VAPID public key browsers subscribe with (`applicationServerKey`). */
  .get('/publicKey', pushOn, (c) => c.json({ publicKey: vapidKeys(c.env)?.publicKey ?? '' }))

  /**
   * POST /pushNotifications/tokenRegister {device_id, device_family: 'web', preferred_language,
   * subscription: {endpoint, keys: {p256dh, auth}}}: saves this device's subscription (one per user
   * and device) and makes it the user's push_notification_id.
   */
  .post('/tokenRegister', requireAuth, pushOn, zValidator('json', TokenRegisterInput, validationHook), async (c) => {
    const input = c.req.valid('json');
    await saveSubscription(c.env.DB, caller(c).user.id, input);
    return c.json({ status: 200, message: 'TOKEN_REGISTERED', device_id: input.device_id });
  })

  /** POST /pushNotifications/tokenUnregister {device_id, device_family}: this user's subscription of the device goes. */
  .post('/tokenUnregister', requireAuth, zValidator('json', TokenUnregisterInput, validationHook), async (c) => {
    const { device_id, device_family } = c.req.valid('json');
    const removed = await removeSubscription(c.env.DB, caller(c).user.id, device_id, device_family);
    return c.json({ status: 200, message: 'TOKEN_UNREGISTERED', removed });
  })

  /**
   * Development only (DEV_OUTBOX=true; 404 otherwise): runs the cron's delivery at once
   * (`node scripts/push/deliver.ts`). In production the Cron Trigger does it.
   */
  .post('/deliver', async (c) => {
    if (c.env.DEV_OUTBOX !== 'true') apiError(404, 'E_ROUTE_NOT_FOUND', `${c.req.method} ${c.req.path}`);
    return c.json(await deliverNotifications(c.env));
  });
