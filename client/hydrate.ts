import { createStore, Provider } from 'jotai';
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nProvider, isLang, type Dict, type Lang } from './i18n';
import { islands } from './islands';

/**
 * The React half of the browser code, loaded by client/entry.ts the first time an island
 * needs hydrating: React, the page language's dictionary, the shared jotai store.
 */
const dictionaries: Record<Lang, () => Promise<{ default: Dict }>> = {
  en: () => import('../locales/en.json'),
  fr: () => import('../locales/fr.json'),
  ar: () => import('../locales/ar.json'),
  es: () => import('../locales/es.json'),
};

/** One jotai store shared by every island of the page. */
const store = createStore();
let dictionary: Promise<Dict> | undefined;
let count = 0;

export async function hydrateIsland(el: HTMLElement): Promise<void> {
  const htmlLang = document.documentElement.lang;
  const lang: Lang = isLang(htmlLang) ? htmlLang : 'en';
  dictionary ??= dictionaries[lang]().then((m) => m.default);
  const name = el.dataset.island ?? '';
  const load = islands[name];
  if (!load) throw new Error(`Unknown island "${name}"`);
  const [dict, module] = await Promise.all([dictionary, load()]);
  const Component = module.default as ComponentType<Record<string, unknown>>;
  const props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
  hydrateRoot(el, createElement(Provider, { store }, createElement(I18nProvider, { lang, dict, children: createElement(Component, props) })), {
    identifierPrefix: `${name}-${count++}-`,
  });
}
