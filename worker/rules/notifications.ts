/**
 * The notification bell and list (spec §2 bell, notification list; §4 notification read or unread;
 * §9 notification card). Pure module, shared by the server loader, the page and the bell island.
 */

/** Spec §9: a notification card shows the first 2 genres. */
export const CARD_GENRES = 2;
/** The latest notifications a visitor gets (newest first): the unread count and the /notifications page. */
export const NOTIFICATIONS_LIMIT = 20;
/** Cards in the bell's panel (the page shows them all). */
export const PANEL_LIMIT = 8;
/** The badge shows at most this number, then "9+". */
export const BADGE_MAX = 9;

/** One title announced in the `notifications` category, as a card shows it. */
export type NotificationCard = {
  id: number;
  slug: string;
  title: string;
  /** The tile image (16:9), else the poster. */
  image: string | null;
  /** The first CARD_GENRES genre names, in the page language. */
  genres: string[];
  /** Publication date as DD/MM/YYYY (spec §9). */
  date: string;
  /** Not opened yet by this profile (spec §4); always true for guests, whose read state is not kept. */
  unread: boolean;
  /** Where it leads when it is not a title: a TV reminder (issue 16) opens its channel through /tv/reminders/{id}/open. */
  href?: string;
};

/** What the top bar and the /notifications page get from the server. */
export type NotificationsView = {
  items: NotificationCard[];
  /** Notifications published for the visitor minus those the profile opened. */
  unread: number;
  /** The anonymous guest: no read state (so nothing counts as unread: no badge), no push registration (spec §6). */
  guest: boolean;
};

/** Where a card leads: the edge records the click (members) and redirects to the title. */
export const openHref = (id: number): string => `/notifications/${id}/open`;

/** The badge text: '' for none, then 1…9, then '9+'. */
export const badgeText = (unread: number): string => (unread <= 0 ? '' : unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread));

/**
 * The bell's list (spec §7 GET /actions/?types=click: the titles the profile opened are removed
 * from the notification list): the unread notifications, newest first, at most PANEL_LIMIT. A guest
 * keeps no read state, so nothing is unread for them: their bell lists the newest announcements.
 * The /notifications page still lists them all, read ones without their mark.
 */
export const bellItems = (view: NotificationsView): NotificationCard[] => (view.guest ? view.items : view.items.filter((item) => item.unread)).slice(0, PANEL_LIMIT);
