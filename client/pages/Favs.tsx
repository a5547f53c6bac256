import { GuestPromptActions } from '../favs/GuestPrompt';
import { useI18n } from '../i18n';
import { MyListIsland, type MyListItem } from '../islands/my-list';

/** /favs for a guest (spec §6: guests cannot open My List): the register-or-login prompt. */
function GuestFavs({ kept }: { kept: number }) {
  const { t } = useI18n();
  return (
    <div className="my-list__guest">
      <p className="my-list__empty-title">{t('GUEST_PROMPT_TITLE')}</p>
      <p>{t('GUEST_LIST')}</p>
      {kept > 0 && <p className="my-list__kept">{t('GUEST_FAVS_KEPT', { count: kept })}</p>}
      <div className="actions">
        <GuestPromptActions redirect="/favs" />
      </div>
    </div>
  );
}

/** My List (spec §2 /favs): the viewing profile's favourites, or the prompt for guests. */
export function FavsPage(props: { guest: true; kept: number } | { guest: false; items: MyListItem[] }) {
  const { t } = useI18n();
  return (
    <div className="page my-list">
      <h1>{t('MY_LIST')}</h1>
      {props.guest ? <GuestFavs kept={props.kept} /> : <MyListIsland items={props.items} />}
    </div>
  );
}
