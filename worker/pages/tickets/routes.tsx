import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env';
import { callApi } from '../../session/auth';
import { addFlash } from '../../session/cookies';
import { done, loggedIn, sessionEnded, toLogin } from '../kit/account';
import { readForm, renderForm } from '../form';
import { translate } from '../../i18n';
import { ConfirmPage } from '../../../client/components/ConfirmPage';
import { unlockQuestion } from '../../../client/pages/content/parts';
import { apiFailure } from '../kit/failures';

/**
 * Pay per title (issue 14): POST /content/{slug}/unlock spends one ticket (the API's
 * /pages/content/{slug}/unlock) and opens the player; a refusal comes back to the title with its message.
 */

type Ctx = Context<AppEnv>;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

async function unlock(c: Ctx, slug: string) {
  const form = await readForm(c);
  if (!SLUG.test(slug) || slug.length > 120) return c.notFound();
  // Spending a ticket asks first (the dialog or the confirmation page): a bare post goes to the question.
  if (form.confirmed !== '1') return c.redirect(`/content/${slug}/unlock`, 303);
  try {
    await callApi(c, `/pages/content/${slug}/unlock`, 'POST');
    return done(c, 'TITLE_UNLOCKED', `/player/${slug}`);
  } catch (error) {
    if (sessionEnded(error)) return toLogin(c, `/content/${slug}`);
    addFlash(c, { kind: 'danger', key: apiFailure(error).key });
    return c.redirect(`/content/${slug}`, 303);
  }
}

/** GET /content/{slug}/unlock: the question, as a page (no JavaScript, or the dialog not live yet). */
function confirmUnlock(c: Ctx, slug: string) {
  const user = loggedIn(c);
  if (!user) return toLogin(c, `/content/${slug}`);
  if (!SLUG.test(slug) || slug.length > 120) return c.notFound();
  const question = unlockQuestion(translate(c.get('lang')), slug, user.credits);
  return renderForm(c, <ConfirmPage {...question} back={`/content/${slug}`} />, { title: question.title });
}

export const ticketPages = new Hono<AppEnv>().get('/content/:slug/unlock', (c) => confirmUnlock(c, c.req.param('slug'))).post('/content/:slug/unlock', (c) => {
  const slug = c.req.param('slug');
  return loggedIn(c) ? unlock(c, slug) : toLogin(c, `/content/${slug}`);
});
