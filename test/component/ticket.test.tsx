import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JournalOrder, OrderRequest } from '@/interface';
import { terminalConfig } from '@/service/config';
import { OrderTicket, type MarketContext } from '@/terminal/features/ticket';
import { useTicketStore } from '@/terminal/features/ticket/store';
import { setFormatLocale } from '@/terminal/shared/format/locale';
import { journalRowsFor } from '../fixtures/orders';
import { fakeProxy, ok } from '../helpers/proxyFake';

const markets = new Map<string, MarketContext>([
  ['PERP_BTC_USDC', { symbol: 'PERP_BTC_USDC', mark_price: 100000, priceDecimals: 1, quantityDecimals: 4 }],
  ['PERP_ETH_USDC', { symbol: 'PERP_ETH_USDC', mark_price: 3500, priceDecimals: 2, quantityDecimals: 3 }],
]);
const durations = terminalConfig.durations;

function renderTicket() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <OrderTicket markets={markets} durations={durations} usedClientOrderIds={new Set(['taken-id'])} />
    </QueryClientProvider>,
  );
}

/** The proxy as the ticket sees it: one answer per POST, every request recorded. */
let posts: { key: string; orders: OrderRequest[] }[];
function answerTickets(statusOf: (order: OrderRequest, index: number) => JournalOrder['status']) {
  posts = [];
  fakeProxy({
    'POST /v1/batch-order': ({ key, body }) => {
      const { orders } = body as { orders: OrderRequest[] };
      posts.push({ key, orders });
      return ok({ ticket_id: key, status: 'partial', requests: Math.ceil(orders.length / 10), rows: journalRowsFor(key, orders, statusOf) }, 3);
    },
  });
}

beforeEach(() => {
  useTicketStore.getState().actions.selectMarket('PERP_BTC_USDC', '100000.0');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const rowsList = () => screen.getByRole('list', { name: 'Orders of the ticket' });
const rowTexts = () => within(rowsList()).getAllByRole('listitem').map((item) => item.textContent ?? '');

describe('the batch ticket', () => {
  it('adds, duplicates, deletes and reorders orders', async () => {
    const user = userEvent.setup();
    renderTicket();
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.5');
    await user.click(screen.getByRole('button', { name: 'Duplicate order 1' }));
    expect(rowTexts()).toHaveLength(2);
    await user.clear(screen.getByLabelText('Quantity (BTC)'));
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.7');
    expect(rowTexts()[1]).toMatch(/0\.7/);
    await user.click(screen.getByRole('button', { name: 'Move order 2 up' }));
    expect(rowTexts()[0]).toMatch(/0\.7/);
    await user.click(screen.getByRole('button', { name: '+ Add order' }));
    expect(rowTexts()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Delete order 3' }));
    expect(rowTexts()).toHaveLength(2);
    const ids = useTicketStore.getState().rows.map((row) => row.clientOrderId);
    expect(new Set(ids).size).toBe(2);
  });

  it('checks every order as it is typed, and says why it cannot send', async () => {
    const user = userEvent.setup();
    renderTicket();
    const price = screen.getByLabelText('Price (USDC)');
    await user.clear(price);
    await user.type(price, '120000.0');
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.00015');
    expect(screen.getByText('More than 10% above mark 100,000.0')).toBeInTheDocument();
    expect(screen.getByText('Use a multiple of the step 0.0001')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy' })).toBeDisabled();
    expect(screen.getByText('Fix the order first')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Duplicate order 1' }));
    expect(screen.getByText('Fix 2 of 2 orders first')).toBeInTheDocument();
    expect(rowTexts()[0]).toMatch(/2 to fix/);
  });

  it('shows the orders in the language’s figures, and keeps what is sent plain', async () => {
    setFormatLocale('de');
    try {
      const user = userEvent.setup();
      renderTicket();
      await user.clear(screen.getByLabelText('Price (USDC)'));
      await user.type(screen.getByLabelText('Price (USDC)'), '100012,5');
      await user.clear(screen.getByLabelText('Quantity (BTC)'));
      await user.type(screen.getByLabelText('Quantity (BTC)'), '1234,5');
      expect(rowTexts()[0]).toContain('100.012,5');
      expect(rowTexts()[0]).toContain('1.234,5');
      expect(useTicketStore.getState().rows[0]).toMatchObject({ price: '100012.5', size: '1234.5' });
    } finally {
      setFormatLocale('en');
    }
  });

  it('lays a ladder with an exact total on the tick and the step', async () => {
    const user = userEvent.setup();
    renderTicket();
    await user.click(screen.getByRole('radio', { name: 'Ladder' }));
    await user.type(screen.getByLabelText('From price'), '99000');
    await user.type(screen.getByLabelText('To price'), '98000');
    await user.clear(screen.getByLabelText('Number of orders'));
    await user.type(screen.getByLabelText('Number of orders'), '4');
    await user.type(screen.getByLabelText('Total quantity (BTC)'), '0.0007');
    const preview = screen.getByRole('table', { name: 'Ladder preview' });
    const legs = within(preview).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    // Shown as the language writes figures; kept, and sent, as plain decimals.
    expect(legs).toEqual([
      ['1', '99,000.0', '0.0002'],
      ['2', '98,666.7', '0.0002'],
      ['3', '98,333.3', '0.0002'],
      ['4', '98,000.0', '0.0001'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Add 4 orders to the ticket' }));
    expect(useTicketStore.getState().rows.map((row) => [row.price, row.size])).toEqual(legs.map(([, price, size]) => [price!.replaceAll(',', ''), size]));
    expect(screen.getByText('Orders').nextElementSibling).toHaveTextContent('4');
  });

  it("takes Enter in the ladder's figures as no send of the order typed behind it (a trader's first day found it sent it)", async () => {
    const user = userEvent.setup();
    answerTickets(() => 'accepted');
    renderTicket();
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.001');
    await user.click(screen.getByRole('radio', { name: 'Ladder' }));
    await user.type(screen.getByLabelText('From price'), '99000{Enter}');
    await user.type(screen.getByLabelText('To price'), '98000');
    await user.type(screen.getByLabelText('Total quantity (BTC)'), '0.0007{Enter}');
    expect(posts).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Back in the order's own fields, Enter sends as before.
    await user.click(screen.getByRole('radio', { name: 'Order' }));
    await user.type(screen.getByLabelText('Quantity (BTC)'), '{Enter}');
    await vi.waitFor(() => expect(posts).toHaveLength(1));
  });

  it('turns every pasted line into a row, marks the bad one with its line and reason, and leaves it out of the totals', async () => {
    const user = userEvent.setup();
    renderTicket();
    await user.click(screen.getByRole('radio', { name: 'Paste' }));
    const box = screen.getByLabelText(/Paste lines/);
    await user.click(box);
    await user.paste('symbol,side,order_type,order_price,order_quantity\nETH,BUY,LIMIT,3490.5,1\nPERP_ETH_USDC,SIDEWAYS,LIMIT,3491,100\nPERP_BTC_USDC,SELL,IOC,100100,0.01\n');
    await user.click(screen.getByRole('button', { name: 'Add pasted orders' }));
    expect(await screen.findByRole('status')).toHaveTextContent('3 orders added to the ticket; 1 to fix (line 3), marked in the ticket');
    const rows = useTicketStore.getState().rows;
    expect(rows.map((row) => [row.symbol, row.side, row.durationId, row.price, row.size])).toEqual([
      ['PERP_ETH_USDC', 'BUY', 'GTC', '3490.5', '1'],
      ['PERP_ETH_USDC', 'BUY', 'GTC', '3491', '100'],
      ['PERP_BTC_USDC', 'SELL', 'IOC', '100100', '0.01'],
    ]);
    expect(rowTexts()[1]).toMatch(/Pasted line 3 not read: side "SIDEWAYS" must be BUY or SELL/);
    expect(screen.getByText('Fix 1 of 3 orders first')).toBeInTheDocument();
    // 3,490.5 + 1,001 of the good rows; the broken row's 349,100 is not in the ticket's totals.
    expect(screen.getByText('Notional').nextElementSibling).toHaveTextContent('4,491.5');
    // Editing the row makes it the trader's: the line's complaint goes, the rules of any row remain.
    await user.click(screen.getByRole('button', { name: /^Edit order 2 / }));
    await user.click(screen.getByRole('radio', { name: 'Order' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/Pasted line 3 not read/);
    await user.click(screen.getByRole('radio', { name: 'Sell / Short' }));
    expect(rowTexts()[1]).not.toMatch(/Pasted line/);
    expect(useTicketStore.getState().rows[1]?.pasteError).toBeUndefined();
  });

  it('asks before a large ticket: Escape cancels, Enter sends once with one key', async () => {
    const user = userEvent.setup();
    answerTickets(() => 'accepted');
    useTicketStore.getState().actions.setConfirm({ mode: 'large', minOrders: 2, minNotional: 1_000_000 });
    renderTicket();
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    await user.click(screen.getByRole('button', { name: 'Duplicate order 1' }));
    await user.click(screen.getByRole('button', { name: 'Send 2 orders' }));
    const dialog = screen.getByRole('dialog', { name: 'Send 2 orders?' });
    expect(within(dialog).getByRole('table', { name: 'Orders to send' })).toHaveTextContent(/PERP_BTC_USDCBUYLIMITGood till cancelled20\.02[\d,.]+2,000\.00/);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send 2 orders' }));
    expect(screen.getByRole('button', { name: 'Send (Enter)' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('region', { name: 'Ticket result' });
    expect(posts).toHaveLength(1);
    expect(posts[0]?.orders).toHaveLength(2);
    expect(posts[0]?.key).toMatch(/^tk-/);
  });

  it('skips the question for small tickets when the trader says so', async () => {
    const user = userEvent.setup();
    answerTickets(() => 'accepted');
    useTicketStore.getState().actions.setConfirm({ mode: 'large', minOrders: 5, minNotional: 50_000 });
    renderTicket();
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await screen.findByText('1 accepted');
    expect(posts).toHaveLength(1);
    // Accepted: the order stays on its market and price, its size is cleared for the next one.
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('');
    expect(screen.getByLabelText('Price (USDC)')).toHaveValue('100000.0');
  });

  it('accounts for every row and retries just the rejected ones with fresh client ids', async () => {
    const user = userEvent.setup();
    answerTickets((_, index) => (index === 1 ? 'rejected' : 'accepted'));
    useTicketStore.getState().actions.setConfirm({ mode: 'large', minOrders: 99, minNotional: 1e12 });
    renderTicket();
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    await user.click(screen.getByRole('button', { name: 'Duplicate order 1' }));
    await user.clear(screen.getByLabelText('Quantity (BTC)'));
    await user.type(screen.getByLabelText('Quantity (BTC)'), '90');
    await user.click(screen.getByRole('button', { name: 'Send 2 orders' }));
    const result = await screen.findByRole('region', { name: 'Ticket result' });
    expect(within(result).getByText('1 accepted · 1 rejected')).toBeInTheDocument();
    expect(within(result).getByText(/order id 1000/)).toBeInTheDocument();
    expect(within(result).getByText('order notional is above the limit')).toBeInTheDocument();
    const sentId = posts[0]?.orders[1]?.client_order_id;
    await user.click(within(result).getByRole('button', { name: 'Retry 1 rejected' }));
    const rows = useTicketStore.getState().rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ symbol: 'PERP_BTC_USDC', side: 'BUY', price: '100000', size: '90', durationId: 'GTC' });
    expect(rows[0]?.clientOrderId).not.toBe(sentId);
  });

  it('takes a receive window as it is typed, says why a wrong one is not used, and sends the one in force', async () => {
    const user = userEvent.setup();
    const headers: Headers[] = [];
    answerTickets(() => 'accepted');
    const answer = vi.mocked(fetch);
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      headers.push(new Headers(init?.headers));
      return answer(url, init);
    }));
    useTicketStore.getState().actions.setConfirm({ mode: 'large', minOrders: 99, minNotional: 1e12 });
    renderTicket();
    await user.click(screen.getByText('More: visible quantity, tag, margin, ids'));
    const field = screen.getByLabelText('Receive window (ms)');
    await user.clear(field);
    await user.type(field, '2500');
    expect(field).toHaveValue('2500');
    expect(useTicketStore.getState().recvWindow).toBe(2500);
    await user.clear(field);
    await user.type(field, '12');
    expect(screen.getByText('Whole milliseconds from 100 to 60000; 2500 ms is in force')).toBeInTheDocument();
    await user.tab();
    expect(field).toHaveValue('2500');
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await screen.findByText('1 accepted');
    expect(headers.at(-1)?.get('x-recv-window')).toBe('2500');
  });
});
