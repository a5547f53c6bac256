import { Hono } from 'hono';
import { FavsPage } from '../../../client/pages/Favs';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { asApiError, callApi } from '../../session/auth';
import { addFlash } from '../../session/cookies';
import { loadUser } from '../../session/user';
import { readForm } from '../form';
import { loadContents } from '../loaders';
import { renderPage } from '../render';

/**
 * /favs (spec §2 My List). Logged-in users see their profile's list (not-logged-in users on an
 * 'authentication' platform were already sent to login by the access mode); guests get the
 * register-or-login prompt. POST /favs {remove} is the no-JavaScript remove button.
 */
export const favsPages = new Hono<AppEnv>()
  .get('/favs', async (c) => {
    const t = translate(c.get('lang'));
    const user = await loadUser(c);
    const meta = { title: t('TITLE_FAVS'), description: t('DESCRIPTION_FAVS') };
    if (user.isAnonymous) return renderPage(c, <FavsPage guest kept={user.favs.length} />, meta);
    // Newest first: `favs` is in the order added (spec §7: direction=desc, batches of 20).
    const contents = await loadContents(c, user.favs.map((f) => f.id), 'desc');
    const items = contents.map(({ id, slug, name_long, vertical_image, premium, type }) => ({ id, slug, name_long, vertical_image, premium, type }));
    return renderPage(c, <FavsPage guest={false} items={items} />, meta);
  })
  .post('/favs', async (c) => {
    const user = await loadUser(c);
    const id = Number((await readForm(c)).remove);
    if (!user.isAnonymous && Number.isInteger(id) && id > 0) {
      const failed = await callApi(c, `/actions/fav/${id}?profile=${user.profile.id}`, 'DELETE').then(() => null, asApiError);
      if (failed) addFlash(c, { kind: 'danger', key: failed.message.split(':')[0] ?? 'ERROR_DEFAULT' });
    }
    return c.redirect('/favs', 303);
  });
