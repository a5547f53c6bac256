import type { z } from 'zod';
import type { RefundDueQueue } from '../../../worker/api/payments/refunds/schemas';
import { useI18n } from '../../i18n';
import { Money, whenUtc } from './RefundsPage';
import { ConsoleTable } from './ConsoleTable';

/**
 * The payments whose buyers are owed their money (issue 32): event orders paid after their seats
 * were gone, checkouts closed after the money came. Oldest first; each is resolved by refunding it
 * on its payment's page, and leaves the queue once refunded in whole.
 */
export function RefundDuePage({ queue, offset, limit }: { queue: z.infer<typeof RefundDueQueue>; offset: number; limit: number }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="due-title">
      <p>
        <a href="/admin/refunds">{t('ADMIN_REFUNDS_BACK')}</a>
      </p>
      <h1 id="due-title">{t('ADMIN_REFUNDS_DUE')}</h1>
      <p>{t('ADMIN_REFUNDS_DUE_INTRO')}</p>
      {queue.items.length === 0 ? (
        <p className="console__empty">{t('ADMIN_REFUNDS_DUE_EMPTY')}</p>
      ) : (
        <ConsoleTable
          caption={t('ADMIN_REFUNDS_DUE')}
          columns={[t('ADMIN_REFUNDS_DUE_SINCE'), t('ADMIN_REFUNDS_DUE_WHAT'), t('ADMIN_REFUNDS_CUSTOMER'), t('ADMIN_REFUNDS_CAPTURED'), t('ADMIN_REFUNDS_REFUNDABLE'), t('ADMIN_REFUNDS_DUE_ACTION')]}
        >
          {queue.items.map((item) => (
            <tr key={item.id}>
              <td>
                <bdi dir="ltr">{whenUtc(item.since)}</bdi>
              </td>
              <td>
                {item.what}
                <br />
                <small>{t(item.kind === 'order' ? 'ADMIN_REFUNDS_DUE_ORDER' : 'ADMIN_REFUNDS_DUE_PAYMENT')}</small>
              </td>
              <td dir="ltr">{item.customer.email ?? item.customer.phone ?? item.customer.id}</td>
              <td>
                <Money minor={item.captured} currency={item.currency} />
              </td>
              <td>
                <Money minor={item.refundable} currency={item.currency} />
              </td>
              <td>
                <a className="button button--secondary" href={`/admin/refunds/payments/${item.id}`} aria-label={`${t('ADMIN_REFUNDS_DUE_REFUND')}: ${item.what}`}>
                  {t('ADMIN_REFUNDS_DUE_REFUND')}
                </a>
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {(offset > 0 || queue.next_offset !== null) && (
        <nav className="console__refunds-pager" aria-label={t('ADMIN_REFUNDS_PAGES')}>
          {offset > 0 && (
            <a className="button button--ghost" href={`/admin/refunds/due?offset=${Math.max(0, offset - limit)}`} rel="prev">
              {t('ADMIN_REFUNDS_PREVIOUS')}
            </a>
          )}
          {queue.next_offset !== null && (
            <a className="button button--ghost" href={`/admin/refunds/due?offset=${queue.next_offset}`} rel="next">
              {t('ADMIN_REFUNDS_NEXT')}
            </a>
          )}
        </nav>
      )}
    </section>
  );
}
