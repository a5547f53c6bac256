import { createContext, useContext } from 'react';
import type { ViewerLists } from '../../worker/rules/favs';

/**
 * The viewer's My List and likes (worker/rules/favs.ts viewerLists), for the toggles on every tile.
 * Provided by the document; null where no viewer is known (the toggles are then left out).
 */
export const ViewerListsContext = createContext<ViewerLists | null>(null);

export const useViewerLists = (): ViewerLists | null => useContext(ViewerListsContext);
