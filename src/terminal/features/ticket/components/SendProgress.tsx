import { useTicketProgress } from '../api/ticketQuery';

/** While a long ticket goes out request by request, how far it got, from the journal. */
export function SendProgress({ ticketKey, requests, orders }: { ticketKey: string; requests: number; orders: number }) {
  const { data } = useTicketProgress(ticketKey);
  const rows = data?.rows ?? [];
  const answered = rows.filter((row) => row.status !== 'pending' && row.status !== 'sent').length;
  const sentRequests = new Set(rows.filter((row) => row.status !== 'pending').map((row) => row.request_no)).size;
  return (
    <div className="progress" role="status" aria-label="Sending progress">
      <div className="progress__text">
        Request {Math.max(1, sentRequests)} of {requests} · {answered} of {orders} orders answered
      </div>
      <progress max={orders} value={answered} />
    </div>
  );
}
