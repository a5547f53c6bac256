import { useI18n } from '../../i18n';
import { ETicketScannerIsland } from '../../islands/eticket-scanner';

/** /events/scan: the door scanner of venue staff (issue 17); the island does the work. */
export function ScanPage({ publicKey, staff }: { publicKey: string; staff: string }) {
  const { t } = useI18n();
  return (
    <div className="page scan-page">
      <h1>{t('SCAN_TITLE')}</h1>
      <p className="scan-page__lead">{t('SCAN_INTRO')}</p>
      <ETicketScannerIsland publicKey={publicKey} staff={staff} />
    </div>
  );
}
