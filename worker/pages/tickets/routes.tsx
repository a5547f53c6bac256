import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env';
import { callApi } from '../../session/auth';
import { addFlash } from '../../session/cookies';
import { done, loggedIn, sessionEnded, toLogin } from '../account';
import { readForm } from '../form';
import { apiFailure } from '../settings/errors';

/**
 * Pay per title (issue 14): POST /content/{slug}/unlock spends one ticket (the API's
 * /pages/content/{slug}/unlock) and opens the player; a refusal comes back to the title with its message.
 */

type Ctx = Context<AppEnv>;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

async function unlock(c: Ctx, slug: string) {
  await readForm(c);
  if (!SLUG.test(slug) || slug.length > 120) return c.notFound();
  try {
    await callApi(c, `/pages/content/${slug}/unlock`, 'POST');
    return done(c, 'TITLE_UNLOCKED', `/player/${slug}`);
  } catch (error) {
    if (sessionEnded(error)) return toLogin(c, `/content/${slug}`);
    addFlash(c, { kind: 'danger', key: apiFailure(error).key });
    return c.redirect(`/content/${slug}`, 303);
  }
}

export const ticketPages = new Hono<AppEnv>().post('/content/:slug/unlock', (c) => {
  const slug = c.req.param('slug');
  return loggedIn(c) ? unlock(c, slug) : toLogin(c, `/content/${slug}`);
});
