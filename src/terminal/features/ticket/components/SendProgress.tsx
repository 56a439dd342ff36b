import { plural, t } from '@lingui/core/macro';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { useTicketProgress } from '../api/ticketQuery';

/** While a long ticket goes out request by request, how far it got, from the journal. */
export function SendProgress({ ticketKey, requests, orders }: { ticketKey: string; requests: number; orders: number }) {
  useLocale();
  const { data } = useTicketProgress(ticketKey);
  const rows = data?.rows ?? [];
  const answered = rows.filter((row) => row.status !== 'pending' && row.status !== 'sent').length;
  const sentRequests = new Set(rows.filter((row) => row.status !== 'pending').map((row) => row.request_no)).size;
  const request = Math.max(1, sentRequests);
  return (
    <div className="progress" role="status" aria-label={t`Sending progress`}>
      <div className="progress__text">
        {plural(orders, {
          one: `Request ${request} of ${requests} · ${answered} of # order answered`,
          other: `Request ${request} of ${requests} · ${answered} of # orders answered`,
        })}
      </div>
      <progress max={orders} value={answered} />
    </div>
  );
}
