import { FavsPage } from '../../../client/pages/Favs';
import { asApiError, callApi } from '../../session/auth';
import { addFlash } from '../../session/cookies';
import { loadUser } from '../../session/user';
import { definePage } from '../kit/page';
import { loadContents } from '../loaders';

/**
 * /favs (spec §2 My List). Logged-in users see their profile's list (not-logged-in users on an
 * 'authentication' platform were already sent to login by the access mode); guests get the
 * register-or-login prompt. POST /favs {remove} is the no-JavaScript remove button.
 */
export const pages = definePage({
  path: '/favs',
  who: 'anyone',
  indexed: true,
  load: async ({ c }) => {
    const user = await loadUser(c);
    if (user.isAnonymous) return { guest: true as const, kept: user.favs.length };
    // Newest first: `favs` is in the order added (spec §7: direction=desc, batches of 20).
    const contents = await loadContents(c, user.favs.map((f) => f.id), 'desc');
    return { guest: false as const, items: contents.map(({ id, slug, name_long, vertical_image, premium, type }) => ({ id, slug, name_long, vertical_image, premium, type })) };
  },
  view: (props, { t }) => ({ element: <FavsPage {...props} />, meta: { title: t('TITLE_FAVS'), description: t('DESCRIPTION_FAVS') } }),
  async action({ c }, form) {
    const user = await loadUser(c);
    const id = Number(form.remove);
    if (!user.isAnonymous && Number.isInteger(id) && id > 0) {
      const failed = await callApi(c, `/actions/fav/${id}?profile=${user.profile.id}`, 'DELETE').then(() => null, asApiError);
      if (failed) addFlash(c, { kind: 'danger', key: failed.message.split(':')[0] ?? 'ERROR_DEFAULT' });
    }
    return c.redirect('/favs', 303);
  },
});
