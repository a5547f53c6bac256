import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ReactElement } from 'react';
import type { PageMeta } from '../../../client/components/Document';
import type { FormState } from '../../../client/components/FormState';
import type { User } from '../../api/auth/schemas';
import type { AppEnv } from '../../env';
import { ApiError } from '../../session/auth';
import { readForm, renderForm } from '../form';
import { loggedIn, sessionEnded, toLogin } from './account';
import { apiFailure, type Status } from './failures';
import { translatorOf, type Translate } from './translator';

/**
 * One way to define a page. A page is declared once with its path(s), who may see it, a loader, its
 * view and, when it has a form, an action:
 *
 *   export const examplePages = definePage({
 *     path: '/settings/example',
 *     who: 'member',
 *     load: async ({ c, user }) => loadSomething(c, user),
 *     view: (data, { t }, shown) => ({ element: <ExamplePage data={data} form={shown.state} />, meta: { title: t('EXAMPLE') }, status: shown.status }),
 *     action: async ({ c }, form) => {
 *       try { await callApi(c, '/example', 'PUT', { name: form.name }); }
 *       catch (error) { const { key, status } = formFailure(error); return { state: { message: { kind: 'danger', key } }, status }; }
 *       return done(c, 'SAVED', '/settings/example');
 *     },
 *   });
 *
 * The kit does what every page did by hand: guests of a members' page go to log in and come back
 * (`back`, the request's path by default); the translator of the request's language is `t`; an API
 * answer saying the session ended (401), wherever it is thrown in the loader, view or action, sends
 * the visitor to log in again; the posted form is read first (worker/pages/form.ts: 16 KB, a form
 * only; a body that cannot be read is its 400, 413 or 415 whoever posts it);
 * an action answers a response (a redirect with a toast, another page) or the form's state and
 * status, and the page is loaded and shown again with them; the view is rendered as a form page
 * (noindex, "Error: " before the title of a failed form) unless the page is `indexed`.
 *
 * Who may see a page: `anyone` (guests too: `user` is null for them) or `member` (`user` is the
 * logged-in user). A chosen profile is asked for before any page by the profile gate
 * (worker/session/profile.ts, which also keeps kids' profiles out of the account pages); roles
 * (sales agent, librarian) are the API's to decide: the loader's call answers 403 and the page
 * shows that refusal.
 */

export type Ctx = Context<AppEnv>;
/** A posted HTML form as strings. */
export type Form = Record<string, string>;
export type { Translate };

export type Who = 'anyone' | 'member';
/** The visitor as a page of `who` sees them: a member page always has its user. */
export type Viewer<W extends Who> = W extends 'member' ? User : User | null;

/** What the loader, view and action of a page are given. */
export type PageArgs<W extends Who> = { c: Ctx; t: Translate; user: Viewer<W> };

/** How the page is shown again after an action: the form's state and the status to answer. */
export type Shown<S> = { state?: S; status?: ContentfulStatusCode };

/** A rendered page: the element, its meta (title and description already translated) and status. */
export type View = {
  element: ReactElement;
  meta: PageMeta;
  status?: ContentfulStatusCode;
  /** Field errors the form shows (its title then begins with "Error: ", as for a 4xx). */
  errors?: FormState['errors'];
  /** This view only: a plain, indexable page, or a form page (default: the page's `indexed`). */
  indexed?: boolean;
};

export type PageSpec<W extends Who, D, S, A extends Who = W> = {
  path: string | readonly string[];
  who: W;
  /** Who may post the form, when stricter than who may see the page (anyone sees the plans, members subscribe). */
  actionWho?: A;
  /** Where login brings a guest back (default: the request's path); after a post, the form is given. */
  back?: (c: Ctx, form?: Form) => string;
  /** Rendered as a plain page, indexable, with the status the view gives (no "Error: " title). */
  indexed?: boolean;
  /** The page's data, or a response of its own (a redirect, a not-found page). */
  load: (page: PageArgs<W>, shown: Shown<S>) => Promise<D | Response> | D | Response;
  view: (data: Exclude<D, Response>, page: PageArgs<W>, shown: Shown<S>) => View;
  /** The form POSTed to the page's path: a response, or the state to show the page again with. */
  action?: (page: PageArgs<A>, form: Form) => Promise<Response | Shown<S>> | Response | Shown<S>;
  /**
   * API refusals that end the page rather than the form (not an agent, a kids profile, someone
   * else's profile): the response or view for one, undefined for the others (thrown on).
   */
  refused?: (error: ApiError, page: PageArgs<Who>) => Response | Promise<Response> | View | undefined;
};

/** Renders a view: a form page (noindex, "Error: " title on failure) or, `indexed`, a plain page. */
export function renderView(c: Ctx, view: View, indexed = false): Response | Promise<Response> {
  if (indexed) {
    c.status(view.status ?? 200);
    return c.render(view.element, { meta: view.meta });
  }
  return renderForm(c, view.element, view.meta, view.status, view.errors ? { errors: view.errors } : undefined);
}

/**
 * An API failure as a form's message key and status (worker/pages/kit/failures.ts). An ended
 * session is thrown on: the kit sends the visitor to log in again.
 */
export function formFailure(error: unknown): { key: string; status: Status } {
  if (sessionEnded(error)) throw error;
  return apiFailure(error);
}

/**
 * Runs `handler` as a page of `who` may: a guest on a members' page goes to log in (and comes
 * back to `back`), an ended session anywhere in it too.
 */
export function guarded<W extends Who>(who: W, back: ((c: Ctx) => string) | undefined, handler: (page: PageArgs<W>) => Promise<Response> | Response) {
  return async (c: Ctx): Promise<Response> => {
    const to = () => toLogin(c, back ? back(c) : c.req.path);
    const user = loggedIn(c);
    if (who === 'member' && !user) return to();
    try {
      // `user` is a User whenever `who` is 'member' (checked above).
      return await handler({ c, t: translatorOf(c), user: user as Viewer<W> });
    } catch (error) {
      if (sessionEnded(error)) return to();
      throw error;
    }
  };
}

const pathsOf = (path: string | readonly string[]): string[] => (typeof path === 'string' ? [path] : [...path]);

/** The page as a Hono app, exported by its area's routes.tsx (worker/pages/registry.ts mounts it): GET shows it, POST runs its action. */
export function definePage<W extends Who, D, S = never, A extends W | 'member' = W>(spec: PageSpec<W, D, S, A>): Hono<AppEnv> {
  const show = async (page: PageArgs<W>, shown: Shown<S>): Promise<Response> => {
    const data = await spec.load(page, shown);
    if (data instanceof Response) return data;
    // Not a response: the data (TypeScript does not narrow a type parameter by instanceof).
    const view = spec.view(data as Exclude<D, Response>, page, shown);
    return renderView(page.c, view, view.indexed ?? spec.indexed);
  };
  const handle = <V extends Who>(who: V, run: (page: PageArgs<V>) => Promise<Response>, form?: Form) => {
    const { back } = spec;
    return guarded(who, back && ((c: Ctx) => back(c, form)), async (page) => {
      try {
        return await run(page);
      } catch (error) {
        const answer = spec.refused && error instanceof ApiError && !sessionEnded(error) ? spec.refused(error, page) : undefined;
        if (!answer) throw error;
        return 'element' in answer ? renderView(page.c, answer, answer.indexed ?? spec.indexed) : answer;
      }
    });
  };
  const paths = pathsOf(spec.path);
  const app = new Hono<AppEnv>().on('GET', paths, handle(spec.who, (page) => show(page, {})));
  const { action } = spec;
  if (!action) return app;
  // The form is read first: a body that cannot be read is its 400, 413 or 415 whoever posts it.
  return app.on('POST', paths, async (c) => {
    const form = await readForm(c);
    const run = async (page: PageArgs<A>) => {
      const answer = await action(page, form);
      // Who may post may see: a member's page args are a page's of anyone.
      return answer instanceof Response ? answer : show(page as PageArgs<Who> as PageArgs<W>, answer);
    };
    return handle(spec.actionWho ?? (spec.who as A), run, form)(c);
  });
}

/**
 * A form that posts to a path of its own and has no page there (remove a card, borrow a title, a
 * reminder): who may post it, where login brings a guest back (which may depend on the form, read
 * first), and the action, which answers a response.
 */
export function defineAction<W extends Who>(spec: {
  path: string;
  who: W;
  back?: (c: Ctx, form: Form) => string;
  action: (page: PageArgs<W>, form: Form) => Promise<Response> | Response;
}): Hono<AppEnv> {
  return new Hono<AppEnv>().post(spec.path, async (c) => {
    const form = await readForm(c);
    const back = spec.back;
    return guarded(spec.who, back && ((c: Ctx) => back(c, form)), (page) => spec.action(page, form))(c);
  });
}

/**
 * A request that shows no page and answers a response of its own: a link that does something (counts
 * a click, records a read, then redirects; a bare path that redirects) or a post that reads no form
 * (logout). Who may ask, and where login brings a guest back, as for a page.
 */
export function defineEndpoint<W extends Who>(spec: {
  method: 'GET' | 'POST';
  path: string | readonly string[];
  who: W;
  back?: (c: Ctx) => string;
  answer: (page: PageArgs<W>) => Promise<Response> | Response;
}): Hono<AppEnv> {
  return new Hono<AppEnv>().on(spec.method, pathsOf(spec.path), guarded(spec.who, spec.back, spec.answer));
}
