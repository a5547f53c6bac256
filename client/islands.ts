import type { ComponentType } from 'react';

type IslandModule = { default: ComponentType<never> };

/**
 * The explicit island registry: name → lazy import, one chunk per island.
 * Each island file default-exports its component and names itself with the same key
 * through defineIsland(); client/islands.test.ts checks the two agree.
 */
export const islands: Record<string, () => Promise<IslandModule>> = {
  'lang-menu': () => import('./islands/lang-menu'),
  'cookie-consent': () => import('./islands/cookie-consent'),
  'app-banner': () => import('./islands/app-banner'),
  'mobile-menu': () => import('./islands/mobile-menu'),
  'guest-list-link': () => import('./islands/guest-list-link'),
  'more-menu': () => import('./islands/more-menu'),
  'settings-notifications': () => import('./islands/settings-notifications'),
  'settings-delete-account': () => import('./islands/settings-delete-account'),
  'account-form': () => import('./islands/account-form'),
  'profile-chooser': () => import('./islands/profile-chooser'),
  'profile-menu': () => import('./islands/profile-menu'),
  search: () => import('./islands/search'),
  player: () => import('./islands/player'),
  'content-trailer': () => import('./islands/content-trailer'),
  'content-share': () => import('./islands/content-share'),
  'notification-bell': () => import('./islands/notification-bell'),
  'settings-hide-watched': () => import('./islands/settings-hide-watched'),
  'settings-erase-history': () => import('./islands/settings-erase-history'),
  'fav-button': () => import('./islands/fav-button'),
  'my-list': () => import('./islands/my-list'),
  'voucher-countdown': () => import('./islands/voucher-countdown'),
  'ticket-total': () => import('./islands/ticket-total'),
  'tv-channels': () => import('./islands/tv-channels'),
  'epg-now': () => import('./islands/epg-now'),
  'help-search': () => import('./islands/help-search'),
  'eticket-scanner': () => import('./islands/eticket-scanner'),
  'confirm-action': () => import('./islands/confirm-action'),
};
