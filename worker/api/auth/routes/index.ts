import { Hono } from 'hono';
import type { AppEnv } from '../../../env';
import { account } from './account';
import { code } from './code';
import { password } from './password';
import { register } from './register';
import { session } from './session';

/** The `auth/*` calls of spec §7 on D1, one file per concern. */
export const auth = new Hono<AppEnv>().route('/', session).route('/', register).route('/', password).route('/', code).route('/', account);
