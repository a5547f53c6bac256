import type { Content } from '../../worker/api/pages/schemas';
import { useViewerLists } from '../favs/context';
import { useI18n } from '../i18n';
import { FavButtonIsland } from '../islands/fav-button';

/** Minimum age of an age restriction ('16-age-restriction' → 16), 0 for none. */
export const minimumAge = (ageRestriction: string): number => Number.parseInt(ageRestriction, 10) || 0;

export function AgeBadge({ ageRestriction }: { ageRestriction: string }) {
  const { t } = useI18n();
  const age = minimumAge(ageRestriction);
  return (
    <span className={`badge badge--age${age >= 16 ? ' badge--mature' : ''}`} title={age ? t('AGE_RESTRICTION', { age }) : t('ALL_PUBLIC')}>
      {age ? `${age}+` : t('ALL_PUBLIC_SHORT')}
    </span>
  );
}

type TileContent = Pick<Content, 'id' | 'slug' | 'name_long' | 'vertical_image' | 'premium'> & Partial<Pick<Content, 'type'>>;

/**
 * A poster's badges at its top end, stacked (the start corner holds the My List button): Premium,
 * and the format label, drawn by the page (the artwork carries none): a series or a film.
 */
export function TileBadges({ content }: { content: Pick<TileContent, 'premium' | 'type'> }) {
  const { t } = useI18n();
  return (
    <span className="tile__badges">
      {content.premium && <span className="badge badge--premium">{t('PREMIUM')}</span>}
      {content.type && <span className="badge badge--format">{t(content.type === 'playlist' ? 'FORMAT_SERIES' : 'FORMAT_FILM')}</span>}
    </span>
  );
}

/**
 * A poster card linking to the content page (only these fields are read: search results carry no
 * more), with the My List toggle (spec §4) when the page knows its viewer.
 */
export function Tile({ content, eager = false }: { content: TileContent; eager?: boolean }) {
  const lists = useViewerLists();
  return (
    <div className="tile-card">
      <a className="tile" href={`/content/${content.slug}`}>
        <span className="tile__image">
          {content.vertical_image && (
            <img src={content.vertical_image} alt="" width="200" height="300" loading={eager ? 'eager' : 'lazy'} decoding="async" />
          )}
          <TileBadges content={content} />
        </span>
        <span className="tile__title">{content.name_long}</span>
      </a>
      {lists && (
        <FavButtonIsland id={content.id} active={lists.favs.includes(content.id)} guest={lists.guest} title={content.name_long} />
      )}
    </div>
  );
}

/**
 * A horizontally scrolling row of tiles with its title linking to the category. Its posters load
 * lazily: rows sit under a hero whose image is the page's first, and the browser fetches the
 * posters of the rows near the screen as soon as it has laid them out.
 */
export function Row({ title, href, contents }: { title: string; href: string; contents: Content[] }) {
  const { t } = useI18n();
  if (contents.length === 0) return null;
  return (
    <section className="row">
      <h2 className="row__title">
        <a href={href}>
          {title} <span className="row__more">{t('SEE_ALL')}</span>
        </a>
      </h2>
      <ul className="row__list">
        {contents.map((c) => (
          <li key={c.id}>
            <Tile content={c} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Grid({ contents }: { contents: Content[] }) {
  return (
    <ul className="grid">
      {contents.map((c, i) => (
        <li key={c.id}>
          <Tile content={c} eager={i < 6} />
        </li>
      ))}
    </ul>
  );
}
