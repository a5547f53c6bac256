import type { LibraryCard, LibraryLoan, LibrarySummary } from '../../../worker/api/libraries/schemas';
import { useI18n } from '../../i18n';
import { VoucherCountdownIsland } from '../../islands/voucher-countdown';

/** A library in the finder: logo, name, city and postal code, its monthly tickets. */
export function LibraryTile({ library }: { library: LibrarySummary }) {
  const { t } = useI18n();
  return (
    <a className="library-tile" href={`/libraries/${library.slug}`}>
      {library.logo ? <img className="library-tile__logo" src={library.logo} alt="" width={64} height={64} loading="lazy" /> : <span className="library-tile__logo" aria-hidden="true" />}
      <span className="library-tile__text">
        <span className="library-tile__name">{library.name}</span>
        <span className="library-tile__city">
          {library.city} · <bdi>{library.postal_code}</bdi>
        </span>
        <span className="library-tile__tickets">{t('LIBRARY_MONTHLY_TICKETS', { count: library.monthly_tickets })}</span>
      </span>
    </a>
  );
}

/** A card of the account: library, masked number, validity and the tickets left this month. */
export function CardSummary({ card, remove = false }: { card: LibraryCard; remove?: boolean }) {
  const { t } = useI18n();
  return (
    <div className={card.valid ? 'library-card' : 'library-card library-card--invalid'} data-card={card.library.slug}>
      <p className="library-card__library">
        <a href={`/libraries/${card.library.slug}`}>{card.library.name}</a>
      </p>
      <p className="library-card__number">
        {t('LIBRARY_CARD_NUMBER')}: <bdi dir="ltr">{card.card_number}</bdi>
        {card.patron_name && <span className="library-card__patron"> · {card.patron_name}</span>}
      </p>
      {card.valid ? (
        <p className="library-card__tickets" data-tickets-left={card.tickets_left}>
          {t('LIBRARY_TICKETS_LEFT', { count: card.tickets_left, total: card.monthly_tickets })}
        </p>
      ) : (
        <p className="library-card__invalid" role="note">
          {t('LIBRARY_CARD_INVALID')}{' '}
          <a href={`/libraries/${card.library.slug}/card`}>{t('LIBRARY_CARD_REPLACE')}</a>
        </p>
      )}
      {remove && (
        <form method="post" action={`/libraries/cards/${card.id}/remove`}>
          <button className="button button--ghost button--small" type="submit">
            {t('LIBRARY_CARD_REMOVE')}
          </button>
        </form>
      )}
    </div>
  );
}

/** Running loans with their countdown (server-rendered, then counted down by the countdown island). */
export function LoanList({ loans, now }: { loans: LibraryLoan[]; now: string }) {
  const { t } = useI18n();
  if (loans.length === 0) return <p className="settings__text">{t('LIBRARY_NO_LOANS')}</p>;
  return (
    <ul className="library-loans">
      {loans.map((loan) => (
        <li key={loan.id} className="library-loan" data-loan={loan.content.slug}>
          <a className="library-loan__title" href={`/content/${loan.content.slug}`}>
            {loan.content.name}
          </a>
          <span className="library-loan__library">{loan.library.name}</span>
          <VoucherCountdownIsland end={loan.expires_at} now={now} leftKey="LIBRARY_LOAN_TIME_LEFT" overKey="LIBRARY_LOAN_OVER" />
          <a className="button button--primary button--small" href={`/player/${loan.content.slug}`}>
            {t('LIBRARY_WATCH')}
          </a>
        </li>
      ))}
    </ul>
  );
}
