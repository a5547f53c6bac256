import type { Context } from 'hono';
import type { ReactElement } from 'react';
import { Geoblocked } from '../../client/pages/Geoblocked';
import { PasswordWall, type PasswordWallProps } from '../../client/pages/PasswordWall';
import type { AppEnv } from '../env';
import { translatorOf } from './kit/translator';
import { pageRenderer, renderPage } from './render';
import type { FormFailure } from './form';

export type { PasswordWallProps };

/** A page the edge answers itself, before any route (not indexed, no top bar). */
async function renderEdgePage(c: Context<AppEnv>, page: ReactElement, titleKey: string, status: FormFailure | 401 | 429 | 451): Promise<Response> {
  c.header('X-Robots-Tag', 'noindex');
  await pageRenderer()(c, async () => {});
  return renderPage(c, page, { title: translatorOf(c)(titleKey), bar: 'none' }, status);
}

/** Spec §1 geoblocking: 451 in the visitor's language (worker/edge/geoblock). */
export const renderGeoblocked = (c: Context<AppEnv>, country: string): Promise<Response> => renderEdgePage(c, <Geoblocked country={country} />, 'GEOBLOCKED', 451);

/** The password wall's door form (worker/edge/password-wall): 401, or 429 after too many wrong keys. */
export const renderPasswordWall = (c: Context<AppEnv>, props: PasswordWallProps, status: FormFailure | 401 | 429): Promise<Response> =>
  renderEdgePage(c, <PasswordWall {...props} />, 'WEBSITE_PASSWORD_PROTECTED', status);
