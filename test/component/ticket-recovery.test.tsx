import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JournalOrder, OrderRequest } from '@/interface';
import { terminalConfig } from '@/service/config';
import { OrderTicket, useTicketRecovery, type MarketContext } from '@/terminal/features/ticket';
import { useTicketStore } from '@/terminal/features/ticket/store';

const markets = new Map<string, MarketContext>([
  ['PERP_BTC_USDC', { symbol: 'PERP_BTC_USDC', mark_price: 100000, priceDecimals: 1, quantityDecimals: 4 }],
]);

/** The ticket, and the recovery the terminal runs app-wide (GlobalTools), outside any panel. */
function Terminal() {
  useTicketRecovery(terminalConfig.durations);
  return <OrderTicket markets={markets} durations={terminalConfig.durations} usedClientOrderIds={new Set()} />;
}

function renderTicket() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Terminal />
    </QueryClientProvider>,
  );
}

const journalRow = (key: string, order: OrderRequest, status: JournalOrder['status']): JournalOrder => ({
  ticket_id: key, seq: 0, request_no: 1, status, symbol: order.symbol, side: order.side, order_type: order.order_type,
  order_price: order.order_price ?? null, order_quantity: order.order_quantity ?? null, order_amount: null,
  visible_quantity: null, order_tag: null, margin_mode: null, client_order_id: order.client_order_id ?? null,
  order_id: status === 'accepted' ? 77 : null, error_code: null, error_message: null, created_at: 1, updated_at: 2,
});

/**
 * The proxy journals the ticket but its answer never arrives (the network breaks); the journal
 * then says "sending" for `sendingLooks` looks, then "accepted". Every request is recorded.
 */
function loseTheAnswer(sendingLooks: number) {
  const requests: string[] = [];
  let sent: { key: string; order: OrderRequest } | undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/v1/batch-order') {
        const { orders } = JSON.parse(String(init?.body)) as { orders: OrderRequest[] };
        sent = { key: new Headers(init?.headers).get('idempotency-key') ?? '', order: orders[0]! };
        throw new TypeError('Failed to fetch');
      }
      if (sent && url === `/api/tickets/${sent.key}`) {
        const status = sendingLooks-- > 0 ? 'sent' : 'accepted';
        const data = { ticket_id: sent.key, status: status === 'sent' ? 'sending' : 'accepted', requests: 1, rows: [journalRow(sent.key, sent.order, status)] };
        return new Response(JSON.stringify({ success: true, data }), { status: 200 });
      }
      return new Response(JSON.stringify({ success: false, code: -1006, message: 'not here' }), { status: 404 });
    }),
  );
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a pending ticket', () => {
  it('whose answer was lost is not an outcome: it is looked up until the journal has one, never sent again', async () => {
    const user = userEvent.setup();
    const requests = loseTheAnswer(1);
    useTicketStore.getState().actions.selectMarket('PERP_BTC_USDC', '100000.0');
    renderTicket();
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const result = await screen.findByRole('region', { name: 'Ticket result' }, { timeout: 5000 });
    expect(within(result).getByText('1 accepted')).toBeInTheDocument();
    expect(useTicketStore.getState().pending).toBeNull();
    const key = useTicketStore.getState().outcome?.key ?? '';
    expect(requests.filter((request) => request.startsWith('POST'))).toEqual(['POST /v1/batch-order']);
    // Looked at while the journal said "sending", then once more; no look after the outcome.
    const looks = requests.filter((request) => request === `GET /api/tickets/${key}`).length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(requests.filter((request) => request === `GET /api/tickets/${key}`).length).toBe(looks);
  });

  it('left by a reload whose ticket never reached the proxy is reported as not sent', async () => {
    const requests = loseTheAnswer(0);
    useTicketStore.setState({ pending: { key: 'tk-never-arrived', orders: [], recvWindow: 5000, startedAt: 1 } });
    renderTicket();
    const result = await screen.findByRole('region', { name: 'Ticket result' });
    expect(result).toHaveTextContent('The last ticket never reached the proxy, so nothing was sent');
    // Nothing sent, one look; the ticket's read of who is signed in (the desk) is no ticket request.
    expect(requests.filter((request) => !request.startsWith('GET /api/session'))).toEqual(['GET /api/tickets/tk-never-arrived']);
  });

  it('saved by another tab a moment ago is not called unsent while the proxy does not know it yet', async () => {
    let arrived = false;
    const order: OrderRequest = { symbol: 'PERP_BTC_USDC', order_type: 'LIMIT', side: 'BUY', order_price: 100000, order_quantity: 0.01 };
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requests.push(url);
        if (!arrived) return new Response(JSON.stringify({ success: false, code: -1006, message: 'not here' }), { status: 404 });
        const data = { ticket_id: 'tk-other-tab', status: 'accepted', requests: 1, rows: [journalRow('tk-other-tab', order, 'accepted')] };
        return new Response(JSON.stringify({ success: true, data }), { status: 200 });
      }),
    );
    useTicketStore.setState({ pending: { key: 'tk-other-tab', orders: [order], recvWindow: 5000, startedAt: Date.now() } });
    renderTicket();
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('region', { name: 'Ticket result' })).toBeNull();
    expect(useTicketStore.getState().pending?.key).toBe('tk-other-tab');
    arrived = true;
    const result = await screen.findByRole('region', { name: 'Ticket result' }, { timeout: 3000 });
    expect(within(result).getByText('1 accepted')).toBeInTheDocument();
  });
});
