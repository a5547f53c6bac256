import { callApi } from '../../session/auth';
import { addFlash } from '../../session/cookies';
import { done } from '../kit/account';
import { definePage, formFailure, type Ctx, type Form } from '../kit/page';
import { ConfirmPage } from '../../../client/components/ConfirmPage';
import { unlockQuestion } from '../../../client/pages/content/parts';

/**
 * Pay per title (issue 14): POST /content/{slug}/unlock spends one ticket (the API's
 * /pages/content/{slug}/unlock) and opens the player; a refusal comes back to the title with its message.
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const isSlug = (slug: string): boolean => SLUG.test(slug) && slug.length <= 120;

async function unlock(c: Ctx, slug: string, form: Form) {
  // The form was read first: a bad body is the form's error whatever the address.
  if (!isSlug(slug)) return c.notFound();
  // Spending a ticket asks first (the dialog or the confirmation page): a bare post goes to the question.
  if (form.confirmed !== '1') return c.redirect(`/content/${slug}/unlock`, 303);
  try {
    await callApi(c, `/pages/content/${slug}/unlock`, 'POST');
    return done(c, 'TITLE_UNLOCKED', `/player/${slug}`);
  } catch (error) {
    addFlash(c, { kind: 'danger', key: formFailure(error).key });
    return c.redirect(`/content/${slug}`, 303);
  }
}

/** GET /content/{slug}/unlock: the question, as a page (no JavaScript, or the dialog not live yet); POST spends the ticket. */
export const pages = definePage({
  path: '/content/:slug/unlock',
  who: 'member',
  // Logging in brings the visitor back to the title.
  back: (c) => `/content/${c.req.param('slug') ?? ''}`,
  load: ({ c, t, user }) => {
    const slug = c.req.param('slug') ?? '';
    return isSlug(slug) ? { slug, question: unlockQuestion(t, slug, user.credits) } : c.notFound();
  },
  view: ({ slug, question }) => ({ element: <ConfirmPage {...question} back={`/content/${slug}`} />, meta: { title: question.title } }),
  action: ({ c }, form) => unlock(c, c.req.param('slug') ?? '', form),
});
