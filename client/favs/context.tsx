import { createContext, useContext } from 'react';
import type { User } from '../../worker/api/auth/schemas';

/**
 * The viewer's My List and likes as the page was rendered (spec §3 User favs, likes; a guest's
 * favourites from this browser), for the toggles on every tile. Provided by the document; null
 * where no viewer is known (the toggles are then left out).
 */
export type ViewerLists = { favs: number[]; likes: number[]; guest: boolean };

export const ViewerListsContext = createContext<ViewerLists | null>(null);

export const useViewerLists = (): ViewerLists | null => useContext(ViewerListsContext);

export const viewerLists = (user: Pick<User, 'favs' | 'likes' | 'isAnonymous'>): ViewerLists => ({
  favs: user.favs.map((f) => f.id),
  likes: user.likes.map((l) => l.id),
  guest: user.isAnonymous,
});
