import { Hono } from 'hono';
import { SecurityPage } from '../../../client/pages/admin/SecurityPage';
import { PasskeyList, WebAuthnOptions } from '../../api/admin/schemas';
import type { AppEnv } from '../../env';
import { callApi } from '../../session/auth';
import { done } from '../kit/account';
import { serverApi } from '../loaders';
import { consoleFailure, defineConsolePage, type Shown } from './kit';

/**
 * The console's security page (issue 32), for every staff member: their own passkeys, listed,
 * added (the passkey island asks the browser, the form posts its answer) and removed, each audited
 * by the API (worker/api/admin/passkeys.ts).
 */
const security = defineConsolePage({
  path: '/security',
  load: async ({ c }) => {
    const api = serverApi(c);
    const [list, options] = await Promise.all([
      api.request('/admin/security/passkeys', (v) => PasskeyList.parse(v)),
      api.request('/admin/security/passkeys/options', (v) => JSON.stringify(WebAuthnOptions.parse(v)), { method: 'POST' }),
    ]);
    return { list, options };
  },
  view: ({ list, options }, { t }, { state, status }) => ({ element: <SecurityPage list={list} options={options} form={state} />, title: t('ADMIN_PASSKEYS_SECURITY'), status }),
  action: async ({ c }, form): Promise<Response | Shown> => {
    const values = { name: form.name ?? '' };
    try {
      if (form.intent === 'remove') {
        await callApi(c, `/admin/security/passkeys/${encodeURIComponent(form.id ?? '')}`, 'DELETE');
        return done(c, 'ADMIN_PASSKEYS_REMOVED', '/admin/security');
      }
      let credential: unknown = null;
      try {
        credential = JSON.parse(form.credential || 'null');
      } catch {
        // Not JSON: the API refuses it as a bad body.
      }
      await callApi(c, '/admin/security/passkeys', 'POST', { name: values.name, credential });
      return done(c, 'ADMIN_PASSKEYS_ADDED', '/admin/security');
    } catch (error) {
      return consoleFailure(error, values);
    }
  },
});

export const securityPages = new Hono<AppEnv>().route('/', security);
