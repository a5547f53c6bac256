import { useI18n } from '../../i18n';
import { ProgressBar, timeLeft } from './parts';
import { progressOf } from '../../history/progress';
import type { Content } from '../../../worker/api/pages/schemas';
import type { WatchedTitle } from '../../../worker/rules/watched';

/**
 * A watched title as a landscape card (Continue watching, Recently viewed): its image with the
 * watch-progress bar ("40% watched" to assistive tech), its name, and "12 min left" — or
 * "Watched" once finished.
 */
export function WatchedTile({ title, href, eager = false }: { title: WatchedTitle<Content>; href: string; eager?: boolean }) {
  const { t } = useI18n();
  const { content, time, finished } = title;
  const image = content.tile_image ?? content.vertical_image;
  const note = finished ? t('WATCHED') : timeLeft(t, time, content.duration);
  return (
    <a className="tile tile--wide" href={href}>
      <span className="tile__image">
        {image && <img src={image} alt="" width="320" height="180" loading={eager ? 'eager' : 'lazy'} decoding="async" />}
        <ProgressBar value={progressOf(time, content.duration)} className="tile__progress" />
      </span>
      <span className="tile__title">{content.name_long}</span>
      {note && <span className="tile__note">{note}</span>}
    </a>
  );
}
