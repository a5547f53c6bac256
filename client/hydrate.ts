import { createStore, Provider } from 'jotai';
import { createElement, startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nProvider, isLang, type Dict, type Lang } from './i18n';
import { islands } from './islands';
import { adoptZonesOf } from '../worker/rules/zones';

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

// Times are written with the server's time zone offsets, whatever the age of the browser's own (worker/rules/zones.ts).
adoptZonesOf(document.documentElement.dataset.zones);

/** One jotai store shared by every island of the page. */
const store = createStore();
let dictionary: Promise<Dict> | undefined;
let count = 0;

type FormField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

type Changed = { field: FormField; value: string; checked: boolean };

/** The island's form fields the visitor changed before React arrived (typed, pasted, autofilled, ticked). */
function changedFields(el: HTMLElement): Changed[] {
  const changed: Changed[] = [];
  for (const node of el.querySelectorAll<HTMLElement>('input, textarea, select')) {
    if (node instanceof HTMLInputElement && (node.type === 'checkbox' || node.type === 'radio')) {
      if (node.checked !== node.defaultChecked) changed.push({ field: node, value: node.value, checked: node.checked });
    } else if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) {
      if (node.value !== node.defaultValue) changed.push({ field: node, value: node.value, checked: false });
    } else if (node instanceof HTMLSelectElement) {
      if ([...node.options].some((option) => option.selected !== option.defaultSelected)) changed.push({ field: node, value: node.value, checked: false });
    }
  }
  return changed;
}

/**
 * Gives React what the visitor did before hydration: each changed field is set again to what it
 * holds now and announced with the events React listens to, so the island's state (and its
 * effects: a search, a validation) follow, exactly as if it had been typed now. React tracks the
 * last value it saw through the element's own `value`/`checked` setter; setting that first to
 * something else, then the real value through the prototype's setter, makes React see a change.
 */
function replayFields(changed: Changed[]): void {
  for (const { field, value, checked } of changed) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      field.checked = !checked;
      field.click();
      continue;
    }
    if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    field.value = value === '' ? ' ' : '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Resolves once the island's first commit ran its effects (a parent's effect runs after its children's). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

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
  let commit = (): void => undefined;
  const committed = new Promise<void>((resolve) => (commit = resolve));
  const island = createElement(Provider, { store }, createElement(I18nProvider, { lang, dict, children: createElement(Component, props) }));
  const identifierPrefix = `${name}-${count++}-`;
  // Hydrating inside a transition lets React yield to the browser every few milliseconds instead of
  // holding the main thread for the whole island (no long task while the page is being looked at);
  // an event on the island meanwhile makes React finish that part first.
  startTransition(() => {
    hydrateRoot(el, createElement(Committed, { onCommit: commit, children: island }), { identifierPrefix });
  });
  await committed;
  // What the visitor typed, pasted or ticked while the island was on its way is not lost: read
  // now, not before hydrating, so letters typed while React hydrated are kept too (React takes
  // the field's value as it finds it, and so never sees them as a change).
  replayFields(changedFields(el));
}
