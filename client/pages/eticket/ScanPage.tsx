import { useI18n } from '../../i18n';
import { ETicketScannerIsland } from '../../islands/eticket-scanner';
import type { DoorShow } from '../../../worker/api/events/etickets/schemas';
import { festivalTime } from '../../../worker/rules/eticket';

/**
 * /events/scan: the door scanner of venue staff (issue 17); the island does the work. The shows'
 * starts are written here, in Morocco's time, so the island's picker hydrates with the same text.
 */
export function ScanPage({ publicKey, staff, shows, defaultShow }: { publicKey: string; staff: string; shows: DoorShow[]; defaultShow: number | null }) {
  const { t, lang } = useI18n();
  const options = shows.map((s) => ({ id: s.id, title: s.title, venue: s.venue, ...festivalTime(s.starts_at, lang) }));
  return (
    <div className="page scan-page">
      <h1>{t('SCAN_TITLE')}</h1>
      <p className="scan-page__lead">{t('SCAN_INTRO')}</p>
      <ETicketScannerIsland publicKey={publicKey} staff={staff} shows={options} defaultShow={defaultShow} />
    </div>
  );
}
