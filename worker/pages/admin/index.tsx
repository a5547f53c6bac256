import { Hono } from 'hono';
import { AuditPage, type AuditFilter } from '../../../client/pages/admin/AuditPage';
import { HomePage } from '../../../client/pages/admin/HomePage';
import { LoginPage, RecoveryCodesPage, type LoginStep } from '../../../client/pages/admin/LoginPage';
import { StaffPage } from '../../../client/pages/admin/StaffPage';
import type { FormState } from '../../../client/components/FormState';
import { AuditPage as AuditAnswer, FirstStep, Signed, StaffList, WebAuthnOptions } from '../../api/admin/schemas';
import type { AppEnv } from '../../env';
import { clearStaffToken, readStaffToken, writeStaffToken } from '../../proxy/staff-cookie';
import { ApiError, callApi } from '../../session/auth';
import { done } from '../kit/account';
import { readForm } from '../form';
import { translatorOf } from '../kit/translator';
import { serverApi } from '../loaders';
import { forward } from '../../proxy';
import { securityPages } from './security';
import { customersPages } from './customers';
import { couponPages } from './coupons';
import { reconciliationPages } from './reconciliation';
import { reportsPages } from './reports';
import { refundPages } from './refunds';
import { supportPages } from './support';
import { consoleBack, consoleFailure, defineConsolePage, renderConsole, toSignIn, type Shown } from './kit';

/**
 * The console's pages (issue 32), mounted at /admin by worker/index.ts before the site's session,
 * profile gate and guests' cache: the console has its own sign-in. Each page's data comes from the
 * back office's API (worker/api/admin), which checks every permission again.
 */

const login = new Hono<AppEnv>()
  .get('/login', (c) => {
    const t = translatorOf(c);
    return renderConsole(c, null, { element: <LoginPage back={consoleBack(c.req.query('back'))} shown={{ step: 'password' }} />, title: t('ADMIN_SIGN_IN') });
  })
  .post('/login', async (c) => {
    const t = translatorOf(c);
    const form = await readForm(c);
    const back = consoleBack(c.req.query('back'));
    const show = (shown: LoginStep, state?: FormState, status: 200 | 400 | 401 | 403 | 429 = 200) =>
      renderConsole(c, null, { element: <LoginPage back={back} shown={shown} form={state} />, title: t('ADMIN_SIGN_IN'), status });
    const api = serverApi(c);
    const post = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    /** The WebAuthn options of the second step for a staff member who holds a passkey (null: none, or the challenge ended). */
    const passkeyOptions = (challenge: string): Promise<string | null> =>
      api.request('/admin/session/passkey/options', (v) => JSON.stringify(WebAuthnOptions.parse(v)), post({ challenge })).catch(() => null);
    /** The second step failed: an expired challenge starts over at the password, anything else asks again. */
    const failedSecondStep = async (error: unknown, challenge: string) => {
      const failed = consoleFailure(error);
      if (failed.state?.message?.key === 'STAFF_CHALLENGE_EXPIRED') return show({ step: 'password' }, failed.state, 401);
      const enrol = form.enrol_secret && form.enrol_uri ? { secret: form.enrol_secret, uri: form.enrol_uri } : null;
      const passkey = form.step === 'passkey' || form.passkey === '1' ? await passkeyOptions(challenge) : null;
      return show({ step: 'code', challenge, enrol, passkey }, failed.state, failed.status === 429 ? 429 : 400);
    };
    const signedIn = (signed: Signed) => {
      writeStaffToken(c, signed.token);
      if (signed.recovery_codes) return renderConsole(c, null, { element: <RecoveryCodesPage codes={signed.recovery_codes} next={back} />, title: t('ADMIN_RECOVERY_TITLE') });
      return c.redirect(back, 303);
    };
    if (form.step === 'passkey') {
      const challenge = form.challenge ?? '';
      try {
        const credential: unknown = JSON.parse(form.credential || 'null');
        // No answer from the island (no JavaScript, or not an object): the passkey was not used.
        if (typeof credential !== 'object' || credential === null) throw new SyntaxError('not a passkey answer');
        return signedIn(await api.request('/admin/session/passkey', (v) => Signed.parse(v), post({ challenge, credential })));
      } catch (error) {
        return failedSecondStep(error instanceof SyntaxError ? new ApiError(400, 'STAFF_PASSKEY_INVALID: not a passkey answer') : error, challenge);
      }
    }
    if (form.step === 'code') {
      const challenge = form.challenge ?? '';
      const code = (form.code ?? '').replace(/\s/g, '');
      const recovery = (form.recovery_code ?? '').trim();
      try {
        return signedIn(await api.request('/admin/session/verify', (v) => Signed.parse(v), post(recovery && !code ? { challenge, recovery_code: recovery } : { challenge, code })));
      } catch (error) {
        return failedSecondStep(error, challenge);
      }
    }
    const values = { login: (form.login ?? '').trim() };
    try {
      const first = await api.request('/admin/session', (v) => FirstStep.parse(v), post({ login: values.login, password: form.password ?? '' }));
      return show({ step: 'code', challenge: first.challenge, enrol: first.enrol, passkey: first.passkey ? await passkeyOptions(first.challenge) : null });
    } catch (error) {
      const failed = consoleFailure(error, values);
      return show({ step: 'password' }, failed.state, failed.status === 403 || failed.status === 429 ? failed.status : 400);
    }
  })
  .post('/logout', async (c) => {
    if (readStaffToken(c)) await callApi(c, '/admin/session', 'DELETE').catch(() => undefined);
    clearStaffToken(c);
    return c.redirect('/admin/login', 303);
  });

const home = defineConsolePage({
  path: '/',
  load: () => null,
  view: (_data, { t, me }) => ({ element: <HomePage me={me} />, title: t('ADMIN_CONSOLE') }),
});

const staff = defineConsolePage({
  path: '/staff',
  permission: 'staff.read',
  load: ({ c }) => {
    const filter = { q: (c.req.query('q') ?? '').slice(0, 254), role: c.req.query('role') ?? '' };
    const params = new URLSearchParams(Object.entries(filter).filter(([, v]) => v));
    return serverApi(c)
      .request(`/admin/staff?${params}`, (v) => StaffList.parse(v))
      .then((list) => ({ list, filter }));
  },
  view: ({ list, filter }, { t, me }, { state, status }) => ({
    element: <StaffPage list={list} filter={filter} canGrant={me.permissions.includes('staff.grant')} form={state} />,
    title: t('ADMIN_STAFF'),
    status,
  }),
  action: async ({ c }, form): Promise<Response | Shown> => {
    const values = { login: form.login ?? '', role: form.role ?? '', reason: form.reason ?? '' };
    try {
      if (form.intent === 'revoke') {
        await callApi(c, '/admin/staff/revocations', 'POST', { user_id: form.user_id ?? '', role: form.role ?? '', reason: form.reason ?? '' });
        return done(c, 'ADMIN_ROLE_REMOVED', '/admin/staff');
      }
      await callApi(c, '/admin/staff/grants', 'POST', { login: values.login, role: values.role, reason: values.reason });
      return done(c, 'ADMIN_ROLE_GRANTED', '/admin/staff');
    } catch (error) {
      return consoleFailure(error, values);
    }
  },
});

const AUDIT_FIELDS = ['staff', 'entity', 'entity_id', 'action', 'from', 'to'] as const;
const auditFilter = (query: (name: string) => string | undefined): AuditFilter => {
  const filter: AuditFilter = { staff: '', entity: '', entity_id: '', action: '', from: '', to: '' };
  for (const name of AUDIT_FIELDS) filter[name] = (query(name) ?? '').trim().slice(0, 254);
  return filter;
};
const auditQuery = (filter: AuditFilter) => new URLSearchParams(Object.entries(filter).filter(([, v]) => v)).toString();

const audit = defineConsolePage({
  path: '/audit',
  permission: 'audit.read',
  load: async ({ c }) => {
    const filter = auditFilter((name) => c.req.query(name));
    const query = auditQuery(filter);
    const before = c.req.query('before');
    const page = await serverApi(c).request(`/admin/audit?${query}${before ? `&before=${encodeURIComponent(before)}` : ''}`, (v) => AuditAnswer.parse(v));
    return { page, filter, query };
  },
  view: ({ page, filter, query }, { t }) => ({ element: <AuditPage page={page} filter={filter} query={query} />, title: t('ADMIN_AUDIT') }),
});

/** The filtered audit log as a CSV download (written by the API; its refusals as the console's pages show them). */
const auditCsv = new Hono<AppEnv>().get('/audit.csv', async (c) => {
  if (!readStaffToken(c)) return toSignIn(c);
  const res = await forward(c, `/admin/audit?format=csv&${auditQuery(auditFilter((name) => c.req.query(name)))}`);
  if (res.status === 401) return toSignIn(c);
  if (res.ok) return res;
  const t = translatorOf(c);
  return renderConsole(c, null, { element: <p className="console__refused" role="alert">{t('ADMIN_FORBIDDEN')}</p>, title: t('ADMIN_FORBIDDEN_TITLE'), status: 403 });
});

export const adminConsole = new Hono<AppEnv>().route('/', login).route('/', home).route('/', staff).route('/', audit).route('/', auditCsv).route('/', securityPages).route('/', customersPages).route('/', couponPages).route('/', reconciliationPages).route('/', reportsPages).route('/', supportPages).route('/', refundPages);
