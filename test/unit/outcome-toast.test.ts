import { describe, expect, it } from 'vitest';
import type { JournalOrder, TicketResult } from '@/interface';
import { outcomeToast } from '@/terminal/features/ticket/model/outcomeToast';
import { journalOrder } from '../fixtures/orders';

const row = (seq: number, status: JournalOrder['status'], error_message: string | null = null): JournalOrder =>
  journalOrder({
    ticket_id: 'tk', seq, status, symbol: 'PERP_ETH_USDC', order_price: 3500, order_quantity: 1, order_tag: null,
    client_order_id: `c${seq}`, order_id: status === 'accepted' ? 1000 + seq : null, error_message, created_at: 0, updated_at: 0,
  });
const result = (...rows: JournalOrder[]): TicketResult => ({ ticket_id: 'tk', status: 'partial', requests: 1, rows });

describe('ticket outcome toasts', () => {
  it('all accepted: a short success', () => {
    expect(outcomeToast('k1', result(row(0, 'accepted')), undefined)).toMatchObject({ id: 'k1', tone: 'success', title: 'Order accepted', timeoutMs: 5000 });
    expect(outcomeToast('k2', result(row(0, 'accepted'), row(1, 'accepted')), undefined).title).toBe('All 2 orders accepted');
  });

  it('some rejected: how many, and which, with their reasons', () => {
    const toast = outcomeToast('k3', result(row(0, 'accepted'), row(1, 'rejected', 'too far'), row(2, 'rejected', 'bad step')), undefined);
    expect(toast).toMatchObject({ tone: 'warning', title: '1 accepted, 2 rejected' });
    expect(toast.detail).toBe('#2 PERP_ETH_USDC: too far; #3 PERP_ETH_USDC: bad step');
  });

  it('failed as a whole, or unknown: stays until dismissed', () => {
    expect(outcomeToast('k4', result(row(0, 'failed', 'signature expired')), 'signature expired')).toMatchObject({ tone: 'error', title: 'Ticket failed: 1 order not placed', timeoutMs: 0 });
    expect(outcomeToast('k5', result(row(0, 'accepted'), row(1, 'unknown')), undefined)).toMatchObject({ tone: 'danger', title: '1 order with an unknown outcome', timeoutMs: 0 });
    expect(outcomeToast('k6', undefined, 'The proxy cannot be reached')).toMatchObject({ tone: 'error', title: 'Ticket not sent', detail: 'The proxy cannot be reached' });
  });
});
