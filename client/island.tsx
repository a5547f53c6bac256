import type { ComponentType } from 'react';
import { preinitModule, preloadModule } from 'react-dom';
import { createContext, useContext } from 'react';

/**
 * Where the server finds the browser entry and each island's chunk (from Vite's manifest).
 * `entryInHead`: the document already loads the entry (pages with a top bar, whose menus are
 * islands), so islands need not ask for it.
 */
export type ClientAssets = { entry: string; islands: Record<string, string>; nonce: string; entryInHead?: boolean };
export const ClientAssetsContext = createContext<ClientAssets | null>(null);

/** JSON-safe island props: they travel to the browser in the wrapper's data-props attribute. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };

/**
 * Declares an island: on the server, the returned component renders `Component` inside one
 * `<div data-island data-props>` wrapper (display: contents) and, unless the document already
 * loads it, asks React to load the client entry (`preinitModule`, deduplicated, nonce'd); an island
 * that hydrates at load also preloads its chunk. Pages that render no island ship no JavaScript. In the browser, client/entry.ts hydrates the wrapper
 * (on the first interaction by default, so React is downloaded only when it is needed).
 */
export function defineIsland<P extends { [K in keyof P]: Json | undefined }>(
  name: string,
  Component: ComponentType<P>,
  /**
   * 'interaction' (default): hydrate on the first pointer, focus or touch on the island; 'form': on
   * the first pointer, focus, touch or input anywhere in the island's form (an island that only
   * watches a server-rendered form); 'page': as 'interaction', or when the page is scrolled (an
   * island that is the page, like search and its endless results); 'load': once the page has painted.
   */
  hydrate: 'interaction' | 'form' | 'page' | 'load' = 'interaction',
) {
  function Island(props: P) {
    const assets = useContext(ClientAssetsContext);
    if (assets) {
      if (!assets.entryInHead) preinitModule(assets.entry, { as: 'script', nonce: assets.nonce });
      const chunk = assets.islands[name];
      if (chunk && hydrate === 'load') preloadModule(chunk, { as: 'script' });
    }
    return (
      <div data-island={name} data-hydrate={hydrate} data-props={JSON.stringify(props)}>
        <Component {...props} />
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
