import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** Web push registrations (spec §7 /pushNotifications/tokenRegister|tokenUnregister). */
export const pushNotifications = new Hono<AppEnv>();
