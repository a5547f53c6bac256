import type { ReactNode } from 'react';
import type { StreamAnswer } from '../../worker/api/player/schemas';
import { useI18n } from '../i18n';
import { Icon, icons } from './icons';

type Props = {
  content: StreamAnswer['content'];
  trailer: boolean;
  /** The content page, when there is no history to go back in. */
  backHref: string;
  /** The id of the titles (the <video> is described by them). */
  titleId: string;
  /** My List and Like, when the title has them. */
  actions: ReactNode;
  /** The line under the title when the page sets it (a live channel: the programme on at the playhead). */
  subheading?: string;
};

/** Back, the title (a series' name, then its episode) or "Trailer of …", and the list buttons. */
export function PlayerHeader({ content, trailer, backHref, titleId, actions, subheading: given }: Props) {
  const { t } = useI18n();
  const episodeLine =
    content.season_number !== null && content.episode_number !== null ? t('EPISODE_SHORT', { season: content.season_number, episode: content.episode_number }) : null;
  const heading = trailer ? t('TRAILER_OF', { title: content.parent?.name_long ?? content.name_long }) : (content.parent?.name_long ?? content.name_long);
  const subheading = given !== undefined ? given : !trailer && content.parent ? [episodeLine, content.name_long].filter(Boolean).join(' · ') : null;
  // Back in history when the viewer came from this site, else to the title's page.
  const goBack = (event: { preventDefault: () => void }) => {
    const sameSite = document.referrer !== '' && new URL(document.referrer).origin === location.origin;
    if (sameSite && history.length > 1) {
      event.preventDefault();
      history.back();
    }
  };
  return (
    <header className="player__top">
      <a className="player__button player__back" href={backHref} aria-label={t('BACK')} title={t('BACK')} onClick={goBack}>
        <Icon>{icons.back}</Icon>
      </a>
      <div className="player__titles" id={titleId}>
        <h1 className="player__title" dir="auto">
          {heading}
        </h1>
        {subheading && (
          <p className="player__subtitle" dir="auto">
            {subheading}
          </p>
        )}
      </div>
      {actions}
    </header>
  );
}
