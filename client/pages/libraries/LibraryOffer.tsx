import type { LibraryOffer as Offer } from '../../../worker/api/entitlements/schemas';
import { useI18n } from '../../i18n';
import { MoroccoTime } from '../subscription/parts';

/**
 * A library title on the content page (issue 17): a running loan says until when; else, with a valid
 * card at a library including it, "Borrow with your library card (1 ticket, 72 h)" (a POST form, no
 * JavaScript needed, then the player); else "Add a library card" at the libraries that include it.
 */
export function LibraryOffer({ slug, offer }: { slug: string; offer: Offer }) {
  const { t } = useI18n();
  const names = offer.libraries.map((l) => l.name).join(' · ');
  if (offer.loan_until) {
    return (
      <p className="library-offer access-notice--unlocked" role="note">
        {t('LIBRARY_BORROWED_UNTIL')} <MoroccoTime iso={offer.loan_until} />
      </p>
    );
  }
  return (
    <div className="library-offer" role="note">
      <p>
        <strong>{t('LIBRARY_INCLUDED_IN', { names })}</strong>
      </p>
      {offer.card && offer.tickets_left !== null && offer.tickets_left > 0 ? (
        <form method="post" action={`/content/${slug}/borrow`} className="access-notice__actions">
          <p className="access-notice__tickets" data-library-tickets={offer.tickets_left}>
            {t('LIBRARY_TICKETS_LEFT_SHORT', { count: offer.tickets_left })}
          </p>
          <button className="button button--primary button--large" type="submit">
            {t('LIBRARY_BORROW')}
          </button>
        </form>
      ) : offer.card ? (
        <p className="access-notice__tickets">{t('NO_LIBRARY_TICKETS')}</p>
      ) : (
        <>
          <p>{t('LIBRARY_CARD_REQUIRED')}</p>
          <p className="access-notice__actions">
            {offer.libraries.map((l) => (
              <a key={l.slug} className="button button--secondary" href={`/libraries/${l.slug}/card`}>
                {offer.libraries.length === 1 ? t('LIBRARY_ADD_A_CARD') : `${t('LIBRARY_ADD_A_CARD')} · ${l.name}`}
              </a>
            ))}
          </p>
        </>
      )}
    </div>
  );
}
