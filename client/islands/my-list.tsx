import { useState } from 'react';
import type { Content } from '../../worker/api/pages/schemas';
import { TileBadges } from '../components/Tile';
import { saveToggle } from '../favs/server';
import { defineIsland } from '../island';
import { useI18n } from '../i18n';

export type MyListItem = Pick<Content, 'id' | 'slug' | 'name_long' | 'vertical_image' | 'premium' | 'type'>;

/** The empty state: what My List is for, and the way to the catalogue. */
export function EmptyList() {
  const { t } = useI18n();
  return (
    <div className="my-list__empty">
      <p className="my-list__empty-title">{t('MY_LIST_EMPTY')}</p>
      <p>{t('MY_LIST_EMPTY_TEXT')}</p>
      <a className="button button--primary" href="/category">
        {t('BROWSE_CATALOGUE')}
      </a>
    </div>
  );
}

/**
 * My List (spec §2 /favs): the profile's favourites, newest first, each with a remove button. A
 * removal takes the card away at once; if the server refuses, it comes back where it was, with
 * the error toast. Without JavaScript each remove button posts its form to /favs.
 */
export default function MyList({ items: initial }: { items: MyListItem[] }) {
  const { t } = useI18n();
  const [items, setItems] = useState(initial);

  async function remove(item: MyListItem) {
    const index = items.findIndex((i) => i.id === item.id);
    setItems((list) => list.filter((i) => i.id !== item.id));
    if (!(await saveToggle('fav', item.id, false, t))) {
      setItems((list) => (list.some((i) => i.id === item.id) ? list : [...list.slice(0, index), item, ...list.slice(index)]));
    }
  }

  if (items.length === 0) return <EmptyList />;
  return (
    <ul className="grid my-list__grid">
      {items.map((item, i) => (
        <li key={item.id}>
          <div className="tile-card">
            <a className="tile" href={`/content/${item.slug}`}>
              <span className="tile__image">
                {item.vertical_image && <img src={item.vertical_image} alt="" width="200" height="300" loading={i < 6 ? 'eager' : 'lazy'} decoding="async" />}
                <TileBadges content={item} />
              </span>
              <span className="tile__title">{item.name_long}</span>
            </a>
            <form method="post" action="/favs" onSubmit={(e) => (e.preventDefault(), void remove(item))}>
              <input type="hidden" name="remove" value={item.id} />
              <button type="submit" className="list-toggle list-toggle--icon list-toggle--remove" aria-label={`${t('REMOVE_FROM_MY_LIST')}: ${item.name_long}`} title={t('REMOVE_FROM_MY_LIST')}>
                <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
                  <path fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" d="m6 6 12 12M18 6 6 18" />
                </svg>
              </button>
            </form>
          </div>
        </li>
      ))}
    </ul>
  );
}

export const MyListIsland = defineIsland('my-list', MyList);
