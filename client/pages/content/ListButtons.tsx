import { FavButtonIsland } from '../../islands/fav-button';
import { useViewerLists } from '../../favs/context';

/** My List and Like, labelled, for one title (content page and player; spec §4 Favourites and likes). */
export function ListButtons({ id, title }: { id: number; title: string }) {
  const lists = useViewerLists();
  if (!lists) return null;
  return (
    <>
      <FavButtonIsland id={id} kind="fav" active={lists.favs.includes(id)} guest={lists.guest} variant="label" title={title} />
      <FavButtonIsland id={id} kind="like" active={lists.likes.includes(id)} guest={lists.guest} variant="label" title={title} />
    </>
  );
}
