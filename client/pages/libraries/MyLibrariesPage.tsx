import type { MyLibraries } from '../../../worker/api/libraries/schemas';
import { useI18n } from '../../i18n';
import { SettingsPageFrame, SettingsSection } from '../settings/forms';
import { CardSummary, LoanList } from './parts';

/** /libraries/me: the account's library cards with the tickets left this month, and the running loans with their countdown. */
export function MyLibrariesPage({ data }: { data: MyLibraries }) {
  const { t } = useI18n();
  return (
    <SettingsPageFrame back={{ href: '/profile', label: t('ACCOUNT') }} title={t('MY_LIBRARIES')} lead={t('LIBRARY_TICKETS_RESET')}>
      <SettingsSection id="library-cards" title={t('MY_LIBRARIES')}>
        {data.cards.length === 0 ? <p className="settings__text">{t('MY_LIBRARIES_EMPTY')}</p> : data.cards.map((card) => <CardSummary key={card.id} card={card} remove />)}
        <p>
          <a className="button button--secondary" href="/libraries">
            {t('LIBRARY_FIND')}
          </a>
        </p>
      </SettingsSection>
      <SettingsSection id="library-loans" title={t('LIBRARY_LOANS')}>
        <LoanList loans={data.loans} now={data.now} />
      </SettingsSection>
    </SettingsPageFrame>
  );
}
