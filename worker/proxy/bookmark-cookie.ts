import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { BOOKMARK, requestDb, type RequestDb } from '../api/kernel/request-db';
import type { AppEnv } from '../env';
import { currentTokens } from './token-cookie';

/**
 * The visitor's D1 bookmark (worker/api/kernel/request-db.ts): where their last request left the
 * database, so the next one reads from a replica at least that recent and sees its own writes.
 * HttpOnly, Secure, SameSite=Lax, a day (replicas catch up within seconds; without it a request
 * starts anywhere). Only members and visitors who wrote get one: a guest's cached page sets none.
 */
export const BOOKMARK_COOKIE = 'bookmark';
const DAY = 24 * 3600;

/** A bookmark as the cookie may carry it: anything else is ignored (the request starts unconstrained). */
export const BookmarkCookie = z.string().max(128).regex(BOOKMARK);

export function readBookmark(c: Context<AppEnv>): string | null {
  const parsed = BookmarkCookie.safeParse(getCookie(c, BOOKMARK_COOKIE));
  return parsed.success ? parsed.data : null;
}

/** The request's database (one D1 session for all its API calls), made on first use. */
export function requestDatabase(c: Context<AppEnv>): RequestDb {
  let made = c.get('db');
  if (!made) {
    made = requestDb(c.env.DB, readBookmark(c));
    c.set('db', made);
  }
  return made;
}

/**
 * Middleware: once the response is made, the session's bookmark goes into the cookie when it moved,
 * for a member or a request that wrote (one Set-Cookie, whatever the number of API calls).
 * A request that called no API (static files, media) is left as it is.
 */
export function bookmarks(): MiddlewareHandler<AppEnv> {
  return async function bookmarks(c, next) {
    await next();
    const made = c.get('db');
    const bookmark = made?.bookmark();
    if (!made || !bookmark || bookmark === readBookmark(c)) return;
    if (!made.wrote() && currentTokens(c) === null) return;
    setCookie(c, BOOKMARK_COOKIE, bookmark, { path: '/', maxAge: DAY, httpOnly: true, secure: true, sameSite: 'Lax' });
  };
}
