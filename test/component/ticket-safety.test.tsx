import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderRequest } from '@/interface';
import { terminalConfig } from '@/service/config';
import { useHotkeys } from '@/terminal/features/hotkeys';
import { OrderTicket, type MarketContext } from '@/terminal/features/ticket';
import { useTicketStore } from '@/terminal/features/ticket/store';
import { TICKET_STORAGE_KEY } from '@/terminal/features/ticket/storedTicket';
import { journalRowsFor } from '../fixtures/orders';
import { fakeProxy, ok } from '../helpers/proxyFake';

const markets = new Map<string, MarketContext>([
  ['PERP_BTC_USDC', { symbol: 'PERP_BTC_USDC', mark_price: 100000, priceDecimals: 1, quantityDecimals: 4 }],
  ['PERP_ETH_USDC', { symbol: 'PERP_ETH_USDC', mark_price: 3500, priceDecimals: 2, quantityDecimals: 3 }],
]);
const durations = terminalConfig.durations;
const actions = () => useTicketStore.getState().actions;

function renderTicket(markAgeMs?: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <OrderTicket markets={markets} durations={durations} usedClientOrderIds={new Set()} markAgeMs={markAgeMs} />
    </QueryClientProvider>,
  );
}

let posts: OrderRequest[][];
function acceptEverything() {
  posts = [];
  fakeProxy({
    'POST /v1/batch-order': ({ key, body }) => {
      const { orders } = body as { orders: OrderRequest[] };
      posts.push(orders);
      return ok({ ticket_id: key, status: 'accepted', requests: 1, rows: journalRowsFor(key, orders, () => 'accepted', 2000) }, 3);
    },
  });
}

beforeEach(() => {
  actions().selectMarket('PERP_ETH_USDC', '3500.00');
  actions().setConfirm({ mode: 'large', minOrders: 99, minNotional: 1e12 });
});
afterEach(() => vi.unstubAllGlobals());

const rowTexts = () =>
  within(screen.getByRole('list', { name: 'Orders of the ticket' })).getAllByRole('listitem').map((item) => item.textContent ?? '');

describe('a row changes only when the trader edits it', () => {
  it('sets a sized batch aside whole when another market is chosen, and a restore brings it back unchanged', async () => {
    const user = userEvent.setup();
    renderTicket();
    await user.clear(screen.getByLabelText('Price (USDC)'));
    await user.type(screen.getByLabelText('Price (USDC)'), '3300');
    await user.type(screen.getByLabelText('Quantity (ETH)'), '0.5');
    await user.click(screen.getByRole('button', { name: 'Duplicate order 1' }));
    await user.click(screen.getByRole('button', { name: /^Edit order 1 / }));
    const before = useTicketStore.getState().rows;
    actions().selectMarket('PERP_BTC_USDC', '100000.0');
    actions().pickPrice('PERP_BTC_USDC', '99999.9', durations);
    // The new order is on BTC, unsized; the two ETH orders are aside, untouched.
    expect(useTicketStore.getState().rows.map((row) => [row.symbol, row.price, row.size])).toEqual([['PERP_BTC_USDC', '99999.9', '']]);
    expect(useTicketStore.getState().aside[0]?.rows).toEqual(before);
    const aside = await screen.findByRole('region', { name: '1 order set aside' });
    expect(aside).toHaveTextContent('2 orders: PERP_ETH_USDC');
    await user.click(within(aside).getByRole('button', { name: /^Restore/ }));
    expect(useTicketStore.getState().rows).toEqual(before);
    expect(useTicketStore.getState().aside).toEqual([]);
  });

  it('never lets a side, market or price key change a sized order: each starts a new one and sets it aside', async () => {
    const user = userEvent.setup();
    renderTicket();
    await user.clear(screen.getByLabelText('Price (USDC)'));
    await user.type(screen.getByLabelText('Price (USDC)'), '3440');
    await user.type(screen.getByLabelText('Quantity (ETH)'), '2');
    const sized = useTicketStore.getState().rows[0];
    actions().chooseSide('SELL');
    expect(useTicketStore.getState().rows[0]).toMatchObject({ side: 'SELL', size: '', symbol: 'PERP_ETH_USDC' });
    expect(useTicketStore.getState().aside[0]?.rows).toEqual([sized]);
    // On the new, unsized order the same keys act as they always did.
    actions().chooseSide('BUY');
    actions().priceAtMark('3500.00');
    expect(useTicketStore.getState().rows[0]).toMatchObject({ side: 'BUY', price: '3500.00', size: '' });
    expect(useTicketStore.getState().aside).toHaveLength(1);
    expect(await screen.findByRole('region', { name: '1 order set aside' })).toHaveTextContent('BUY 2 PERP_ETH_USDC at 3,440');
  });

  it('starts a fresh order in a one-order ticket, and clears price and quantity when the symbol is retyped', async () => {
    const user = userEvent.setup();
    renderTicket();
    await user.type(screen.getByLabelText('Quantity (ETH)'), '0.5');
    actions().selectMarket('PERP_BTC_USDC', '100000.0');
    expect(await screen.findByLabelText('Quantity (BTC)')).toHaveValue('');
    expect(screen.getByLabelText('Price (USDC)')).toHaveValue('100000.0');
    await user.type(screen.getByLabelText('Quantity (BTC)'), '0.1');
    await user.clear(screen.getByLabelText('Symbol'));
    await user.type(screen.getByLabelText('Symbol'), 'PERP_ETH_USDC');
    expect(screen.getByLabelText('Price (USDC)')).toHaveValue('');
    expect(screen.getByLabelText('Quantity (ETH)')).toHaveValue('');
  });
});

describe('single-key hotkeys on a sized order', () => {
  function TicketWithKeys() {
    useHotkeys({});
    return <OrderTicket markets={markets} durations={durations} usedClientOrderIds={new Set()} />;
  }

  it('S, B and M change an unsized order, and on a sized one start a new order with the sized one set aside', async () => {
    const user = userEvent.setup();
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <TicketWithKeys />
      </QueryClientProvider>,
    );
    actions().clear(durations);
    actions().selectMarket('PERP_ETH_USDC', '3500.00');
    fireEvent.keyDown(document.body, { key: 's' });
    expect(useTicketStore.getState().rows[0]?.side).toBe('SELL');
    await user.clear(screen.getByLabelText('Price (USDC)'));
    await user.type(screen.getByLabelText('Price (USDC)'), '3440');
    await user.type(screen.getByLabelText('Quantity (ETH)'), '5');
    (document.activeElement as HTMLElement).blur();
    const sized = useTicketStore.getState().rows[0];
    const asideBefore = useTicketStore.getState().aside.length;
    fireEvent.keyDown(document.body, { key: 'b' });
    fireEvent.keyDown(document.body, { key: 'm' });
    // The sized sell is kept whole, aside; the ticket holds a new unsized buy at mark.
    expect(useTicketStore.getState().aside[0]?.rows).toEqual([sized]);
    expect(useTicketStore.getState().aside).toHaveLength(asideBefore + 1);
    expect(useTicketStore.getState().rows).toHaveLength(1);
    expect(useTicketStore.getState().rows[0]).toMatchObject({ side: 'BUY', price: '3500.00', size: '', symbol: 'PERP_ETH_USDC' });
  });
});

describe('the confirmation', () => {
  it('sends the market bound it showed, though the mark moves while it is open', async () => {
    const user = userEvent.setup();
    acceptEverything();
    actions().clear(durations);
    actions().selectMarket('PERP_ETH_USDC', '3500.00');
    actions().setConfirm({ mode: 'always' });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const ticketAt = (mark: number) => (
      <QueryClientProvider client={client}>
        <OrderTicket markets={new Map([...markets, ['PERP_ETH_USDC', { ...markets.get('PERP_ETH_USDC')!, mark_price: mark }]])} durations={durations} usedClientOrderIds={new Set()} />
      </QueryClientProvider>
    );
    const { rerender } = render(ticketAt(3500));
    const row = useTicketStore.getState().rows[0]!;
    act(() => actions().setKind(row.id, 'market', durations));
    await user.type(screen.getByLabelText('Quantity (ETH)'), '0.1');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = screen.getByRole('dialog', { name: 'Send 1 order?' });
    expect(dialog).toHaveTextContent('IOC at most 3,517.50');
    rerender(ticketAt(3600));
    expect(screen.getByRole('dialog', { name: 'Send 1 order?' })).toHaveTextContent('IOC at most 3,517.50');
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.[0]).toMatchObject({ order_type: 'IOC', order_price: 3517.5, order_quantity: 0.1 });
  });
});

describe("an order's side and type, focused", () => {
  it('take no arrow key as a choice: it moves the focus only, and Space or a click chooses (an arrow once turned a sized buy into a sell)', async () => {
    const user = userEvent.setup();
    acceptEverything();
    actions().clear(durations);
    actions().selectMarket('PERP_ETH_USDC', '3500.00');
    renderTicket();
    await user.type(screen.getByLabelText('Quantity (ETH)'), '0.5');
    const buy = screen.getByRole('radio', { name: 'Buy / Long' });
    await user.click(buy);
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowRight}');
    expect(useTicketStore.getState().rows[0]).toMatchObject({ side: 'BUY', size: '0.5', kind: 'limit' });
    expect(screen.getByRole('radio', { name: 'Sell / Short' })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: 'Limit' }));
    await user.keyboard('{ArrowRight}');
    expect(useTicketStore.getState().rows[0]).toMatchObject({ kind: 'limit', price: '3500.00' });
    // Chosen on purpose, it is the order's own edit, shown where the trader looks.
    await user.click(screen.getByRole('radio', { name: 'Sell / Short' }));
    expect(useTicketStore.getState().rows[0]).toMatchObject({ side: 'SELL', size: '0.5' });
  });
});

describe('pre-trade warnings', () => {
  it('"1,5" typed in English shows 15 with why, and Enter asks before sending it, whatever the size', async () => {
    const user = userEvent.setup();
    acceptEverything();
    actions().clear(durations);
    actions().selectMarket('PERP_ETH_USDC', '3500.00');
    renderTicket();
    await user.type(screen.getByLabelText('Quantity (ETH)'), '1,5');
    expect(screen.getByLabelText('Quantity (ETH)')).toHaveValue('15');
    const words = 'A key was refused while typing this quantity: is 15 the quantity you meant?';
    expect(within(screen.getByRole('list', { name: 'Warnings' })).getByText(words)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Quantity (ETH)'), '{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Send 1 order?' });
    expect(within(dialog).getByText(/^Order 1/).parentElement).toHaveTextContent(`Order 1: ${words}`);
    expect(posts).toHaveLength(0);
    await user.keyboard('{Escape}');
    // Mended (the wrong digit deleted), the question goes with the complaint.
    await user.type(screen.getByLabelText('Quantity (ETH)'), '{Backspace}');
    expect(screen.queryByText(words)).toBeNull();
  });

  it('opened by Enter, takes no Enter for half a second: a double press or a held key does not confirm it', async () => {
    const user = userEvent.setup();
    acceptEverything();
    actions().clear(durations);
    actions().selectMarket('PERP_ETH_USDC', '3500.00');
    renderTicket();
    await user.type(screen.getByLabelText('Quantity (ETH)'), '0,5');
    await user.type(screen.getByLabelText('Quantity (ETH)'), '{Enter}');
    const send = within(screen.getByRole('dialog', { name: 'Send 1 order?' })).getByRole('button', { name: 'Send (Enter)' });
    // The second press of a double press, then a held key's repeats: nothing is sent.
    expect(send).toHaveAttribute('data-settling', 'true');
    await user.keyboard('{Enter}');
    fireEvent.keyDown(send, { key: 'Enter', repeat: true });
    expect(posts).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Send 1 order?' })).toBeInTheDocument();
    // Read, then confirmed.
    await vi.waitFor(() => expect(send).not.toHaveAttribute('data-settling'), { timeout: 2000 });
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual([expect.objectContaining({ order_quantity: 5 })]);
  });

  it('keeps a refused key with its order when the field goes (another tool, a row added, a reload): the send still asks', async () => {
    const user = userEvent.setup();
    acceptEverything();
    actions().clear(durations);
    actions().selectMarket('PERP_ETH_USDC', '3500.00');
    const first = renderTicket();
    await user.type(screen.getByLabelText('Quantity (ETH)'), '1,5');
    const row = useTicketStore.getState().rows[0]!;
    expect(useTicketStore.getState().refusedFields).toEqual([`${row.id}:size`]);
    // The field leaves the page (the Ladder tool, or the ticket closed): the question stays.
    first.unmount();
    expect(useTicketStore.getState().refusedFields).toEqual([`${row.id}:size`]);
    // Saved with the draft, so a reload keeps it too.
    expect(JSON.parse(localStorage.getItem(TICKET_STORAGE_KEY)!).state.refusedFields).toEqual([`${row.id}:size`]);
    renderTicket();
    await user.type(screen.getByLabelText('Quantity (ETH)'), '{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Send 1 order?' });
    expect(dialog).toHaveTextContent('A key was refused while typing this quantity: is 15 the quantity you meant?');
    expect(posts).toHaveLength(0);
  });

  it('shows a crossing post-only in the row and repeats it in the confirmation, which it forces', async () => {
    const user = userEvent.setup();
    acceptEverything();
    renderTicket();
    await user.selectOptions(screen.getByLabelText('Duration'), 'POST_ONLY');
    await user.clear(screen.getByLabelText('Price (USDC)'));
    await user.type(screen.getByLabelText('Price (USDC)'), '3560');
    await user.type(screen.getByLabelText('Quantity (ETH)'), '0.1');
    const words = 'Post-only buy at or above mark 3,500.00 would cross: it would be rejected, not placed';
    expect(within(screen.getByRole('list', { name: 'Warnings' })).getByText(words)).toBeInTheDocument();
    expect(rowTexts()[0]).toMatch(/1 warning/);
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = screen.getByRole('dialog', { name: 'Send 1 order?' });
    expect(within(dialog).getByText(/^Order 1/).parentElement).toHaveTextContent(`Order 1: ${words}`);
    expect(posts).toHaveLength(0);
  });

  it('warns of a marketable limit beyond the band set in the ticket settings', async () => {
    const user = userEvent.setup();
    renderTicket();
    await user.clear(screen.getByLabelText('Price (USDC)'));
    await user.type(screen.getByLabelText('Price (USDC)'), '3560');
    expect(screen.getByText('Marketable: more than 1% above mark 3,500.00, it fills at once')).toBeInTheDocument();
    actions().setConfirm({ marketableBandPercent: 2 });
    expect(await screen.findByText('1.71% from mark', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/Marketable/)).toBeNull();
  });

  it('warns of a row with a digit too many against the ticket median, in the row and the confirmation', async () => {
    const user = userEvent.setup();
    renderTicket();
    await user.type(screen.getByLabelText('Quantity (ETH)'), '1');
    await user.click(screen.getByRole('button', { name: 'Duplicate order 1' }));
    await user.click(screen.getByRole('button', { name: 'Duplicate order 2' }));
    await user.type(screen.getByLabelText('Quantity (ETH)'), '0');
    expect(screen.getByText(/35000\.00 USDC is 10× or more the ticket's usual 3500\.00/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send 3 orders' }));
    expect(within(screen.getByRole('dialog')).getByText(/Order 3/).parentElement).toHaveTextContent(/a digit too many/);
  });
});

describe('market orders are protected', () => {
  const goMarket = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByRole('radio', { name: 'Market' }));
  };

  it('shows the estimated price, the notional at mark and the bound, and sends an IOC at the bound, asking above 10,000 USDC', async () => {
    const user = userEvent.setup();
    acceptEverything();
    renderTicket();
    await goMarket(user);
    await user.type(screen.getByLabelText('Quantity (ETH)'), '3');
    const estimate = screen.getByLabelText('Estimated price (mark)');
    expect(estimate).toHaveTextContent('3,500.00');
    expect(estimate).toHaveAccessibleDescription('Sent as IOC at most 3,517.50 (mark + 0.50%)');
    expect(screen.getByLabelText('Quantity (ETH)')).toHaveAccessibleDescription('≈ 10,500.00 USDC at mark');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = screen.getByRole('dialog', { name: 'Send 1 order?' });
    expect(within(dialog).getByText('Market (IOC at most 3,517.50)')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await user.keyboard('{Enter}');
    await screen.findByText('1 accepted');
    expect(posts[0]).toEqual([expect.objectContaining({ order_type: 'IOC', side: 'BUY', order_price: 3517.5, order_quantity: 3 })]);
  });

  it('says which quantity an amount sends once bounded', async () => {
    const user = userEvent.setup();
    renderTicket();
    await goMarket(user);
    await user.click(screen.getByRole('button', { name: 'Size by amount instead' }));
    await user.type(screen.getByLabelText('Amount (USDC)'), '1000');
    // 1000 ÷ 3517.50 = 0.2842…: 0.284 ETH, worth 994.00 at the mark.
    expect(screen.getByLabelText('Amount (USDC)')).toHaveAccessibleDescription(
      'Sends 0.284 ETH: amount ÷ bound, rounded down to the step (≈ 994.00 USDC at mark)',
    );
  });

  it('an amount does not become a quantity when the order turns into a limit: it is cleared, and the row says why', async () => {
    const user = userEvent.setup();
    acceptEverything();
    renderTicket();
    await goMarket(user);
    await user.click(screen.getByRole('button', { name: 'Size by amount instead' }));
    await user.type(screen.getByLabelText('Amount (USDC)'), '200');
    await user.click(screen.getByRole('radio', { name: 'Limit' }));
    // 200 USDC of ETH kept as "200" would have been 200 ETH at the limit price.
    const size = screen.getByLabelText('Quantity (ETH)');
    expect(size).toHaveValue('');
    expect(size).toHaveAccessibleDescription('Size cleared: it was an amount in USDC, and a limit order is sized in quantity');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(posts).toHaveLength(0);
  });

  it('with the bound off, sends MARKET and asks every time, however small', async () => {
    const user = userEvent.setup();
    acceptEverything();
    actions().setConfirm({ boundMarketOrders: false });
    renderTicket();
    await goMarket(user);
    await user.type(screen.getByLabelText('Quantity (ETH)'), '0.01');
    expect(screen.getByLabelText('Estimated price (mark)')).toHaveAccessibleDescription('Sent as MARKET with no price bound: asked before every send');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(within(screen.getByRole('dialog', { name: 'Send 1 order?' })).getByText('Market price, no bound')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await screen.findByText('1 accepted');
    expect(posts[0]).toEqual([expect.not.objectContaining({ order_price: expect.anything() as number })]);
    expect(posts[0]?.[0]?.order_type).toBe('MARKET');
  });
});

describe('stale market data', () => {
  it('shows every check against mark as unverified, with the age, and asks before sending', async () => {
    const user = userEvent.setup();
    acceptEverything();
    renderTicket(42_000);
    await user.type(screen.getByLabelText('Quantity (ETH)'), '0.1');
    expect(screen.getByText(/^Unverified: prices are 42 s old/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = screen.getByRole('dialog', { name: 'Send 1 order?' });
    expect(within(dialog).getByText('Prices are 42 s old: every check against mark is unverified.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });
});

describe('after a send', () => {
  it('keeps an order changed while its ticket was confirmed (in another tab) as a new order, and sends what the confirmation showed', async () => {
    const user = userEvent.setup();
    acceptEverything();
    actions().clear(durations);
    actions().selectMarket('PERP_ETH_USDC', '3500.00');
    actions().setConfirm({ mode: 'always' });
    renderTicket();
    await user.type(screen.getByLabelText('Quantity (ETH)'), '0.1');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const dialog = screen.getByRole('dialog', { name: 'Send 1 order?' });
    // Another tab of the same ticket makes it 0.2 while this one's confirmation shows 0.1.
    const row = useTicketStore.getState().rows[0]!;
    act(() => actions().updateRow(row.id, { size: '0.2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send (Enter)' }));
    await screen.findByText('1 accepted');
    expect(posts).toEqual([[expect.objectContaining({ order_quantity: 0.1, client_order_id: row.clientOrderId })]]);
    // The 0.2 the trader typed there is not thrown away: it stays, with a new client order id.
    await vi.waitFor(() => expect(useTicketStore.getState().pending).toBeNull());
    const [kept] = useTicketStore.getState().rows;
    expect(kept).toMatchObject({ size: '0.2', symbol: 'PERP_ETH_USDC' });
    expect(kept!.clientOrderId).not.toBe(row.clientOrderId);
  });

  it('takes the sent rows out of the ticket; Send again asks as a repeat and sends fresh ids without touching the ticket', async () => {
    const user = userEvent.setup();
    acceptEverything();
    renderTicket();
    await user.type(screen.getByLabelText('Quantity (ETH)'), '0.1');
    await user.click(screen.getByRole('button', { name: 'Duplicate order 1' }));
    await user.click(screen.getByRole('button', { name: 'Send 2 orders' }));
    const result = await screen.findByRole('region', { name: 'Ticket result' });
    expect(rowTexts()).toHaveLength(1);
    const ticketBefore = useTicketStore.getState().rows;
    expect(ticketBefore[0]?.size).toBe('');
    const sent = posts[0]?.map((order) => order.client_order_id);
    await user.click(within(result).getByRole('button', { name: 'Send again' }));
    // Nothing came back into the ticket: the repeat is asked for on its own.
    expect(useTicketStore.getState().rows).toEqual(ticketBefore);
    const dialog = screen.getByRole('dialog', { name: 'Send the same 2 orders again?' });
    expect(posts).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Send (Enter)' }));
    await vi.waitFor(() => expect(posts).toHaveLength(2));
    const again = posts[1]!;
    expect(again.map((order) => [order.symbol, order.order_quantity])).toEqual([['PERP_ETH_USDC', 0.1], ['PERP_ETH_USDC', 0.1]]);
    expect(again.some((order) => sent?.includes(order.client_order_id))).toBe(false);
    expect(useTicketStore.getState().rows).toEqual(ticketBefore);
  });

  it('shows a send that cannot go as disabled; the reason beside it once the ticket is touched, no "to fix" before', async () => {
    const user = userEvent.setup();
    actions().clear(durations);
    renderTicket();
    const button = screen.getByRole('button', { name: 'Buy' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    // An empty ticket, at start or after a send, is not wrong yet.
    expect(button.nextElementSibling?.textContent).toBe('');
    expect(rowTexts()[0]).not.toMatch(/to fix/);
    // Enter in the order's fields is a try to send: from then on the ticket says what stands in the way.
    await user.type(screen.getByLabelText('Quantity (ETH)'), '{Enter}');
    expect(button.nextElementSibling).toHaveTextContent('Fix the order first');
    expect(rowTexts()[0]).toMatch(/to fix/);
  });
});

describe('the ladder over rows already in the ticket', () => {
  /** An empty ETH ticket, sends accepted, on the Ladder tool. */
  const openLadder = async () => {
    const user = userEvent.setup();
    acceptEverything();
    actions().clear(durations);
    actions().selectMarket('PERP_ETH_USDC', '3500.00');
    renderTicket();
    await user.click(screen.getByRole('radio', { name: 'Ladder' }));
    return user;
  };
  /** Its count, then the total typed as `total`, and its orders added and sent: the confirmation it opens. */
  const layAndSend = async (user: ReturnType<typeof userEvent.setup>, count: number, total: string) => {
    await user.clear(screen.getByLabelText('Number of orders'));
    await user.type(screen.getByLabelText('Number of orders'), String(count));
    await user.type(screen.getByLabelText('Total quantity (ETH)'), total);
    await user.click(screen.getByRole('button', { name: `Add ${count} orders to the ticket` }));
    await user.click(screen.getByRole('button', { name: `Send ${count} orders` }));
    return screen.getByRole('dialog', { name: `Send ${count} orders?` });
  };

  it('carries a key refused in its total ("1,5" laid as 15) to the orders it makes: their send asks', async () => {
    const user = await openLadder();
    await user.type(screen.getByLabelText('From price'), '3400');
    await user.type(screen.getByLabelText('To price'), '3300');
    const dialog = await layAndSend(user, 3, '1,5');
    expect(dialog).toHaveTextContent('A key was refused while typing this quantity');
    expect(posts).toHaveLength(0);
  });

  it('keeps one price field\'s refused key when another price field is mended', async () => {
    const user = await openLadder();
    // "340,5" left as 3405 in From; "3300," in To, its comma refused, then mended (a digit deleted and typed again).
    await user.type(screen.getByLabelText('From price'), '340,5');
    expect(screen.getByLabelText('From price')).toHaveValue('3405');
    await user.type(screen.getByLabelText('To price'), '3300,');
    await user.type(screen.getByLabelText('To price'), '{Backspace}0');
    expect(screen.getByLabelText('To price')).toHaveValue('3300');
    expect(await layAndSend(user, 2, '0.2')).toHaveTextContent('A key was refused while typing this price');
    expect(posts).toHaveLength(0);
  });

  it('clears its figures, saying so, when another market is picked over them', async () => {
    const user = await openLadder();
    await user.type(screen.getByLabelText('From price'), '3400');
    await user.type(screen.getByLabelText('Total quantity (ETH)'), '1');
    // A click in the markets table: the ticket now points at BTC.
    act(() => actions().selectMarket('PERP_BTC_USDC', '100000.0'));
    expect(screen.getByRole('status')).toHaveTextContent('Ladder cleared: its figures were typed for PERP_ETH_USDC, and the market is now PERP_BTC_USDC');
    expect(screen.getByLabelText('From price')).toHaveValue('');
    expect(screen.getByLabelText('Total quantity (BTC)')).toHaveValue('');
    // The next figure typed is for BTC, and the note goes.
    await user.type(screen.getByLabelText('From price'), '99000');
    expect(screen.queryByText(/Ladder cleared/)).toBeNull();
  });

  it('offers to add to them or replace them', async () => {
    const user = userEvent.setup();
    renderTicket();
    await user.type(screen.getByLabelText('Quantity (ETH)'), '1');
    await user.click(screen.getByRole('button', { name: 'Duplicate order 1' }));
    await user.click(screen.getByRole('radio', { name: 'Ladder' }));
    await user.type(screen.getByLabelText('From price'), '3400');
    await user.type(screen.getByLabelText('To price'), '3300');
    await user.clear(screen.getByLabelText('Number of orders'));
    await user.type(screen.getByLabelText('Number of orders'), '3');
    await user.type(screen.getByLabelText('Total quantity (ETH)'), '0.3');
    expect(screen.getByRole('button', { name: 'Add to 2 rows' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Replace 2 rows' }));
    expect(useTicketStore.getState().rows.map((row) => row.price)).toEqual(['3400.00', '3350.00', '3300.00']);
  });
});
