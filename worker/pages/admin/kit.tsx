import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ReactElement } from 'react';
import { ConsoleLayout } from '../../../client/pages/admin/ConsoleLayout';
import type { FormState } from '../../../client/components/FormState';
import { Me } from '../../api/admin/schemas';
import type { AppEnv } from '../../env';
import { clearStaffToken, readStaffToken } from '../../proxy/staff-cookie';
import type { Permission } from '../../rules/staff';
import { ApiError } from '../../session/auth';
import { readForm } from '../form';
import { apiFailure } from '../kit/failures';
import { translatorOf } from '../kit/translator';
import type { Ctx, Form, Translate } from '../kit/page';
import { serverApi } from '../loaders';

/**
 * One way to define a console page (issue 32), as `definePage` does for the site: its path, the
 * permission it needs, a loader, a view and, with a form, an action. The kit signs the visitor in
 * first (no console session: to /admin/login and back), reads who they are and what they may do
 * (`me`), refuses a page they may not see (403, the API refuses its calls anyway), and renders the
 * view inside the console's frame, never cached, never indexed. An API failure of an action is
 * the form's message and status; a session that ended on the way goes to sign in again.
 */

export type ConsoleArgs = { c: Ctx; t: Translate; me: Me };
export type Shown = { state?: FormState; status?: ContentfulStatusCode };
export type ConsoleView = { element: ReactElement; title: string; status?: ContentfulStatusCode };

export type ConsolePageSpec<D> = {
  path: string;
  /** Needed to see the page (none: any staff member, e.g. the console's home). */
  permission?: Permission;
  load: (page: ConsoleArgs, shown: Shown) => Promise<D | Response> | D | Response;
  view: (data: Exclude<D, Response>, page: ConsoleArgs, shown: Shown) => ConsoleView;
  action?: (page: ConsoleArgs, form: Form) => Promise<Response | Shown> | Response | Shown;
};

/** Where signing in brings a staff member back to: a console path only. */
export const consoleBack = (value: string | undefined): string => (value && /^\/admin(\/[\w\-/?=&%.]*)?$/.test(value) && !value.startsWith('/admin/login') ? value : '/admin');

export const toSignIn = (c: Ctx): Response => {
  clearStaffToken(c);
  const back = new URL(c.req.url);
  return c.redirect(`/admin/login?back=${encodeURIComponent(back.pathname + back.search)}`, 303);
};

/** The console's frame around a view, answered with no-store and noindex. */
export function renderConsole(c: Ctx, me: Me | null, view: ConsoleView): Response | Promise<Response> {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.status(view.status ?? 200);
  const failed = (view.status ?? 200) >= 400;
  const title = `${failed ? `${translatorOf(c)('ERROR')}: ` : ''}${view.title}`;
  return c.render(
    <ConsoleLayout me={me} path={c.req.path}>
      {view.element}
    </ConsoleLayout>,
    { meta: { title, bar: 'none', footer: false } },
  );
}

/** An action's API failure as the form's message and status (an ended console session is thrown on). */
export function consoleFailure(error: unknown, values?: Record<string, string>): Shown {
  if (error instanceof ApiError && error.status === 401) throw error;
  const { key, status } = apiFailure(error);
  const delay = error instanceof ApiError && typeof error.body.delay === 'number' ? { delay: error.body.delay } : undefined;
  return { state: { values, message: { kind: 'danger', key, ...(delay ? { params: delay } : {}) } }, status };
}

export function defineConsolePage<D>(spec: ConsolePageSpec<D>): Hono<AppEnv> {
  const run = async (c: Ctx, act: (page: ConsoleArgs) => Promise<Response>): Promise<Response> => {
    if (!readStaffToken(c)) return toSignIn(c);
    const t = translatorOf(c);
    try {
      const me = await serverApi(c).request('/admin/me', (v) => Me.parse(v));
      if (spec.permission && !me.permissions.includes(spec.permission)) {
        return renderConsole(c, me, { element: <p className="console__refused" role="alert">{t('ADMIN_FORBIDDEN')}</p>, title: t('ADMIN_FORBIDDEN_TITLE'), status: 403 });
      }
      return await act({ c, t, me });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return toSignIn(c);
      throw error;
    }
  };
  const show = async (page: ConsoleArgs, shown: Shown): Promise<Response> => {
    const data = await spec.load(page, shown);
    if (data instanceof Response) return data;
    return renderConsole(page.c, page.me, spec.view(data as Exclude<D, Response>, page, shown));
  };
  const app = new Hono<AppEnv>().get(spec.path, (c) => run(c, (page) => show(page, {})));
  const { action } = spec;
  if (!action) return app;
  return app.post(spec.path, async (c) => {
    const form = await readForm(c);
    return run(c, async (page) => {
      const answer = await action(page, form);
      return answer instanceof Response ? answer : show(page, answer);
    });
  });
}
