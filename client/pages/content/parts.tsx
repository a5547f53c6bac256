import type { ContentPage } from '../../../worker/api/pages/schemas';
import { formatDuration } from '../../components/format';
import { useI18n, type Translate } from '../../i18n';
import { progressOf } from '../../history/progress';
import { MoroccoTime } from '../subscription/parts';
import type { ConfirmQuestion } from '../../components/ConfirmPage';
import { ConfirmActionIsland } from '../../islands/confirm-action';
import { UNLOCK_VALID_HOURS } from '../../../worker/rules/payment-methods';

export type ContentData = ContentPage['content'];
export type Access = ContentData['access'];

/**
 * Why the title cannot be played here (spec §6): a premium title without an active subscription
 * offers Subscribe, and to a member, pay per title (spec §9): "Unlock with 1 ticket" while they have
 * tickets, else the packs; outside the title's countries, the geoblocking message and nothing
 * playable. A title a ticket unlocked says until when.
 */
export function AccessNotice({ access, slug, tickets, playable = true }: { access: Access; slug?: string; tickets?: ContentData['tickets']; playable?: boolean }) {
  const { t } = useI18n();
  const subscribe = slug ? `/subscription?returnTo=${encodeURIComponent(`/content/${slug}`)}` : '/subscription';
  if (access === 'premium') {
    return (
      <div className="access-notice access-notice--premium" role="note">
        <p>{t('PREMIUM_REQUIRED')}</p>
        {tickets && slug && playable ? (
          <TicketOffer slug={slug} credits={tickets.credits} subscribe={subscribe} />
        ) : (
          <a className="button button--primary button--large" href={subscribe}>
            {t('SUBSCRIBE')}
          </a>
        )}
      </div>
    );
  }
  if (access === 'geoblocked') {
    return (
      <div className="access-notice access-notice--geoblocked" role="note">
        <p>
          <strong>{t('GEOBLOCKED')}</strong>
        </p>
        <p>{t('GEOBLOCKED_CONTENT_TEXT')}</p>
      </div>
    );
  }
  if (tickets?.until) {
    return (
      <p className="access-notice access-notice--unlocked" role="note">
        {t('UNLOCKED_UNTIL')} <MoroccoTime iso={tickets.until} />
      </p>
    );
  }
  return null;
}

/** A member without a subscription: one ticket for this title, or (none left) the packs and the plans. */
function TicketOffer({ slug, credits, subscribe }: { slug: string; credits: number; subscribe: string }) {
  const { t } = useI18n();
  if (credits === 0) {
    return (
      <>
        <p className="access-notice__tickets">{t('NO_TICKETS')}</p>
        <p className="access-notice__actions">
          <a className="button button--primary button--large" href={subscribe}>
            {t('SUBSCRIBE')}
          </a>
          <a className="button button--secondary button--large" href="/subscription#tickets">
            {t('BUY_TICKETS')}
          </a>
        </p>
      </>
    );
  }
  return (
    <>
      <p className="access-notice__tickets">{t('TICKETS_LEFT', { count: credits })}</p>
      <div className="access-notice__actions">
        <ConfirmActionIsland id="unlock" label={t('UNLOCK_WITH_TICKET')} className="button button--primary button--large" href={`/content/${slug}/unlock`} {...unlockQuestion(t, slug, credits)} />
        <a className="button button--ghost button--large" href={subscribe}>
          {t('SUBSCRIBE')}
        </a>
      </div>
    </>
  );
}

/** "Unlock with 1 ticket?": what spending a ticket gives, asked before (dialog or GET /content/{slug}/unlock). */
export function unlockQuestion(t: Translate, slug: string, credits: number): ConfirmQuestion {
  return {
    title: t('UNLOCK_CONFIRM_TITLE'),
    text: t('UNLOCK_CONFIRM_TEXT', { hours: UNLOCK_VALID_HOURS, count: Math.max(0, credits - 1) }),
    action: `/content/${slug}/unlock`,
    fields: {},
    confirm: t('UNLOCK_CONFIRM'),
    dismiss: t('NOT_NOW'),
  };
}

/** A watched-progress bar (hidden from assistive tech when empty). */
export function ProgressBar({ value, className = '' }: { value: number; className?: string }) {
  const { t } = useI18n();
  if (value <= 0) return null;
  const percent = Math.round(value * 100);
  return (
    <span className={`watch-progress ${className}`} role="img" aria-label={t('PERCENT_WATCHED', { percent })}>
      <span className="watch-progress__bar" style={{ inlineSize: `${percent}%` }} />
    </span>
  );
}

/** '1 h 12 min left' under the Resume button. */
export function timeLeft(t: Translate, time: number, duration: number | null): string {
  if (!duration || progressOf(time, duration) === 0) return '';
  return t('TIME_LEFT', { time: formatDuration(t, Math.max(60, duration - time)) });
}
