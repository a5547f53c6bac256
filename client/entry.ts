/**
 * Browser bootstrap, loaded only by pages that render islands. It holds no React: each island
 * hydrates on its visitor's first interaction with it (pointer over, focus, touch) or with its
 * form (an account form's validation: also input, for autofill), so a page
 * that is only looked at downloads a couple of kilobytes (the player hydrates at load). A click
 * that arrives before React does is held and replayed once the island is live, unless it is on a
 * link that only navigates (client/links.ts): the browser follows that one at once.
 */
import { NATIVE_LINK_ATTRIBUTE } from './links';

const CHUNK_RELOAD_KEY = 'chunkReloadAt';
/** Spec §4: a failed chunk load reloads the page, at most once per 60 seconds. */
const CHUNK_RELOAD_GUARD_MS = 60_000;
/** What wakes an island: a pointer over it or pressed on it, the focus, a touch, or text put in it (pasted, autofilled). */
const TRIGGERS = ['pointerover', 'pointerdown', 'focusin', 'touchstart', 'input'] as const;
/** A form island also wakes on a change the browser makes for the visitor (a password manager). */
const FORM_TRIGGERS = [...TRIGGERS, 'change'] as const;

function reloadAfterChunkFailure(error: unknown): void {
  console.error(error);
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  location.reload();
}

const hydrated = new WeakMap<HTMLElement, Promise<void>>();

function hydrate(el: HTMLElement): Promise<void> {
  let done = hydrated.get(el);
  if (!done) {
    done = import('./hydrate')
      .then((m) => m.hydrateIsland(el))
      .then(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))
      .then(() => {
        el.dataset.live = '';
      });
    done.catch(reloadAfterChunkFailure);
    hydrated.set(el, done);
  }
  return done;
}

/**
 * Islands that hydrate at load start once the page has painted (the frame after the first one):
 * React and the dictionary are then fetched and run after what the visitor sees first, never
 * before it. A click meanwhile is held and replayed as for any island.
 */
function afterFirstPaint(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run, 0));
}

/** The form a 'form' island watches: the one its `form` prop names, else the one around it. */
function formOf(el: HTMLElement): HTMLFormElement | null {
  const { form } = JSON.parse(el.dataset.props ?? '{}') as { form?: unknown };
  const named = typeof form === 'string' ? document.getElementById(form) : null;
  return named instanceof HTMLFormElement ? named : el.closest('form');
}

/**
 * The island an event belongs to: the outermost one around its target. An island rendered inside
 * another (a result tile's toggle in the search island) is part of that island's React root: it
 * hydrates with it, never on its own.
 */
function islandOf(target: EventTarget | null): HTMLElement | null {
  let island = target instanceof Element ? target.closest<HTMLElement>('[data-island]') : null;
  for (let outer = island?.parentElement?.closest<HTMLElement>('[data-island]'); outer; outer = outer.parentElement?.closest<HTMLElement>('[data-island]')) island = outer;
  return island;
}

/**
 * A click before the island is live (its code still on the way, even for islands that hydrate at
 * load, like the player) is held and given to the island once it is: never lost, never doubled.
 * The listener sits on the island itself, capturing, so React (which listens on the island) never
 * sees the held click, and a handler on the document that took the press first (the player's early
 * Play) keeps it. It is set on the island's first pointer-over, focus or touch, which come before
 * any click, or at start for islands with a mode of their own. A click on a link marked as only
 * navigating (client/links.ts) is not held: the browser follows it at once.
 */
const holding = new WeakSet<HTMLElement>();
function holdFirstClick(island: HTMLElement): void {
  if (holding.has(island)) return;
  holding.add(island);
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('a, button, summary, input, label') : null;
    // A link that only navigates is the browser's to follow now; the next click may still need holding.
    if (island.dataset.live === undefined && target?.matches(`a[href][${NATIVE_LINK_ATTRIBUTE}]`)) return;
    island.removeEventListener('click', hold, true);
    if (island.dataset.live !== undefined) return;
    event.preventDefault();
    event.stopPropagation();
    void hydrate(island).then(() => target?.click());
  };
  island.addEventListener('click', hold, true);
}

/**
 * One listener per event type on the document, whatever the number of islands (a home page has a
 * toggle on each of its ~90 tiles): the first pointer over, focus, touch or input in an island
 * wakes it.
 */
function listen(): void {
  for (const type of TRIGGERS) {
    const wake = (event: Event) => {
      const island = islandOf(event.target);
      if (!island || island.dataset.live !== undefined) return;
      holdFirstClick(island);
      void hydrate(island);
    };
    document.addEventListener(type, wake, { capture: true, passive: true });
  }
}

/** What wakes an island besides the visitor's first touch of it: its mode (see defineIsland). */
function watch(el: HTMLElement): void {
  const start = () => void hydrate(el);
  holdFirstClick(el);
  const mode = el.dataset.hydrate;
  const form = mode === 'form' ? formOf(el) : null;
  if (mode === 'load') afterFirstPaint(start);
  if (form) for (const type of FORM_TRIGGERS) form.addEventListener(type, start, { once: true, passive: true });
  if (mode === 'page') addEventListener('scroll', start, { once: true, passive: true });
  // The focus already in its form (an autofocused field): the visitor is about to use it.
  if (form?.contains(document.activeElement)) start();
}

/** Spec §2: the top bar takes its scrolled style when the page is scrolled. */
function watchScroll(): void {
  const bar = document.querySelector<HTMLElement>('[data-top-bar]');
  if (!bar) return;
  const update = () => bar.toggleAttribute('data-scrolled', window.scrollY > 8);
  addEventListener('scroll', update, { passive: true });
  update();
}

/** A post that never leaves (the network dropped) gives its buttons back after this long, so the person can try again. */
const POST_RELEASE_MS = 15_000;

function releasePost(form: HTMLFormElement): void {
  form.removeAttribute('aria-busy');
  for (const el of form.querySelectorAll<HTMLButtonElement | HTMLInputElement>('[data-busy-disabled]')) {
    el.disabled = false;
    el.removeAttribute('data-busy-disabled');
  }
  form.querySelector('[data-busy]')?.removeAttribute('data-busy');
}

/**
 * Every form that posts (a checkout, a sign-in, a voucher, a purchase) says it is on its way and
 * cannot be sent twice. Listening on the document, after the form's own handlers: a submit an
 * island took (validation refused it, or it posts by itself) is left alone. The form is marked busy
 * and the pressed button shows progress (CSS `[data-busy]`); its buttons are disabled on the next
 * task, once the browser has read the pressed button's name and value. A page shown again from the
 * back/forward cache gets its buttons back.
 */
function guardPosts(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method !== 'post' || event.defaultPrevented) return;
    if (form.getAttribute('aria-busy') === 'true') {
      event.preventDefault();
      return;
    }
    if (form.target && form.target !== '_self') return;
    form.setAttribute('aria-busy', 'true');
    event.submitter?.setAttribute('data-busy', '');
    setTimeout(() => {
      for (const el of form.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button:not(:disabled), input[type="submit"]:not(:disabled)')) {
        el.disabled = true;
        el.setAttribute('data-busy-disabled', '');
      }
    }, 0);
    setTimeout(() => releasePost(form), POST_RELEASE_MS);
  });
  addEventListener('pageshow', (event) => {
    if (event.persisted) document.querySelectorAll<HTMLFormElement>('form[aria-busy="true"]').forEach(releasePost);
  });
}

/**
 * Spec §3 client state kept in localStorage: `deviceId` mirrors the device cookie the edge set
 * (the document carries it); `favs` belongs to guests only — once a member's page shows, the edge
 * has attached them to the profile (worker/session/favs.ts), so the browser forgets them.
 */
let synced = false;
function syncLocalState(): void {
  if (synced) return;
  synced = true;
  try {
    const { device, visitor } = document.documentElement.dataset;
    if (device && localStorage.getItem('deviceId') !== device) localStorage.setItem('deviceId', device);
    if (visitor === 'member') localStorage.removeItem('favs');
  } catch {
    // storage disabled: the cookies carry the same state
  }
}

/**
 * A pointer over, the focus on or a touch of a Play link: what the player fetches first is fetched
 * ahead of the click (client/player/intent.ts, loaded only then). Pages without such a link: nothing.
 */
function watchPlayIntent(): void {
  if (!document.querySelector('[data-play-intent]')) return;
  const intent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('[data-play-intent]') : null;
    if (link) void import('./player/intent').then((m) => m.onPlayIntent(link), () => undefined);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart']) document.addEventListener(type, intent, { capture: true, passive: true });
}

function start(): void {
  listen();
  watchPlayIntent();
  guardPosts();
  // The focus already in an island (an autofocused search box): the visitor is about to use it.
  const focused = islandOf(document.activeElement);
  if (focused) {
    holdFirstClick(focused);
    void hydrate(focused);
  }
  // Only the islands with a mode of their own: a page's many tiles need nothing here.
  document.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrate="interaction"])').forEach((el) => {
    if (islandOf(el) === el) watch(el);
  });
  // After the first paint: reading the scroll position lays the page out.
  afterFirstPaint(watchScroll);
  // The first touch of localStorage is a blocking call to the browser (its storage permission and
  // contents; 10–30 ms traced here). A member's page hands the guest's favourites over at once; a
  // guest's page mirrors its device id when the visitor first acts or leaves, not during the load.
  if (document.documentElement.dataset.visitor === 'member') afterFirstPaint(syncLocalState);
  for (const type of ['pointerdown', 'keydown', 'touchstart']) addEventListener(type, syncLocalState, { once: true, passive: true, capture: true });
  addEventListener('pagehide', syncLocalState, { once: true });
  document.addEventListener('visibilitychange', syncLocalState, { once: true });
}

// Pages with a top bar load the entry deferred (it runs once the document is parsed); pages without
// one load it async, maybe while the page is still streaming: start once the document is complete.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
