import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeldOrder, HeldOrderRequest } from '@/interface';
import { terminalConfig } from '@/service/config';
import { armHeldOrder, sendBracket } from '@/terminal/features/held';
import { OrderTicket, type HeldSender, type MarketContext } from '@/terminal/features/ticket';
import { useTicketStore } from '@/terminal/features/ticket/store';
import { fail, fakeProxy, ok } from '../helpers/proxyFake';

const markets = new Map<string, MarketContext>([
  ['PERP_ETH_USDC', { symbol: 'PERP_ETH_USDC', mark_price: 3500, priceDecimals: 2, quantityDecimals: 3 }],
  ['PERP_BTC_USDC', { symbol: 'PERP_BTC_USDC', mark_price: 100000, priceDecimals: 1, quantityDecimals: 4 }],
]);
const durations = terminalConfig.durations;
const actions = () => useTicketStore.getState().actions;
const sender: HeldSender = { arm: armHeldOrder, bracket: sendBracket, armed: () => {} };

function renderTicket() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <OrderTicket markets={markets} durations={durations} usedClientOrderIds={new Set()} heldSender={sender} />
    </QueryClientProvider>,
  );
}

function heldOrder(request: HeldOrderRequest, id: string): HeldOrder {
  return {
    id, type: request.type, state: 'armed', symbol: request.symbol, side: request.side, order_quantity: request.order_quantity,
    trigger_price: request.trigger_price ?? null, order_price: request.order_price ?? null, trailing_distance: null, trailing_percent: null,
    best_mark: null, oco_with: null, client_ref: null, client_order_ids: [], fired_mark: null, fired_at: null, created_at: 1, updated_at: 1,
    reason: null, last_order_status: null, mark: 3500, mark_age_ms: 0, waiting_for_fresh_price: false, entry: null, twap: null,
  };
}

/** The proxy's held-orders route, faked: arms once per key (a retry is answered as the first), or answers as `answer` says. */
let posts: { url: string; key: string; body: HeldOrderRequest }[];
function proxy(answer: (body: HeldOrderRequest) => 'arm' | 'refuse' | 'drop' = () => 'arm') {
  posts = [];
  const armed = new Map<string, HeldOrder>();
  fakeProxy({
    'POST /api/held-orders': ({ url, key, body }) => {
      const request = body as HeldOrderRequest;
      posts.push({ url, key, body: request });
      const what = answer(request);
      if (what === 'drop') throw new TypeError('network down');
      if (what === 'refuse') return fail(400, -1005, 'trigger_price: required for STOP_MARKET');
      const order = armed.get(key) ?? heldOrder(request, `h-${armed.size + 1}`);
      armed.set(key, order);
      return ok(order, 2);
    },
  });
}

beforeEach(() => {
  actions().clear(durations);
  actions().dismissArmOutcome();
  useTicketStore.setState({ armPending: null });
  actions().selectMarket('PERP_ETH_USDC', '3500.00');
});
afterEach(() => vi.unstubAllGlobals());

async function typeStop(user: ReturnType<typeof userEvent.setup>, trigger = '3400') {
  await user.click(screen.getByRole('radio', { name: 'Sell / Short' }));
  await user.click(screen.getByRole('radio', { name: 'Stop' }));
  await user.type(screen.getByLabelText('Trigger price (USDC)'), trigger);
  await user.type(screen.getByLabelText('Quantity (ETH)'), '0.5');
}

describe('a stop armed from the ticket', () => {
  it("a side key on a sized stop starts an order of the other side without the stop's trigger (a sell stop's is a buy stop that fires at once)", async () => {
    proxy();
    const user = userEvent.setup();
    renderTicket();
    await typeStop(user);
    const sized = useTicketStore.getState().rows[0];
    act(() => actions().chooseSide('BUY'));
    expect(useTicketStore.getState().aside[0]?.rows).toEqual([sized]);
    expect(useTicketStore.getState().rows[0]).toMatchObject({ side: 'BUY', heldKind: 'stop', size: '', held: { trigger: '' } });
  });

  it('an arrow key in an empty trigger starts it at the mark (3,500.00), not at one tick (0.01)', async () => {
    proxy();
    const user = userEvent.setup();
    renderTicket();
    await user.click(screen.getByRole('radio', { name: 'Stop' }));
    const trigger = screen.getByLabelText('Trigger price (USDC)');
    await user.click(trigger);
    await user.keyboard('{ArrowDown}');
    expect(trigger).toHaveValue('3500.00');
    await user.keyboard('{ArrowDown}');
    expect(trigger).toHaveValue('3499.99');
  });

  it("lists a limit turned into a stop at its trigger, its notional too, not at the limit price it kept", async () => {
    proxy();
    const user = userEvent.setup();
    renderTicket();
    // selectMarket priced the limit at 3,500.00; the stop sends none of it.
    await typeStop(user);
    const list = screen.getByRole('list', { name: 'Orders of the ticket' });
    expect(list).toHaveTextContent('Stop 3,400');
    expect(list).not.toHaveTextContent('3,500');
    expect(screen.getByText('≈ 1,700.00 USDC')).toBeInTheDocument();
    // Set aside by a click on another market, it is named the same way.
    act(() => actions().selectMarket('PERP_BTC_USDC', '100000.0'));
    expect(await screen.findByRole('region', { name: '1 order set aside' })).toHaveTextContent('SELL 0.5 PERP_ETH_USDC at Stop 3,400');
  });

  it("shows an armed trailing stop's level at the market's tick, not at every digit it was worked out to", async () => {
    proxy();
    renderTicket();
    const trailing = { ...heldOrder({ type: 'TRAILING_STOP', symbol: 'PERP_BTC_USDC', side: 'SELL', order_quantity: 0.001 } as HeldOrderRequest, 'h-9'), trigger_price: 98218.9795, trailing_percent: 1.75 };
    act(() => useTicketStore.setState({ armOutcome: { key: 'k', mode: 'held', order: trailing } }));
    const result = await screen.findByRole('region', { name: 'Held order result' });
    expect(result).toHaveTextContent('trigger 98219held order');
    expect(result).not.toHaveTextContent('98218.9795');
  });

  it('says when it fires and what it sends, asks, and arms it once through /api/held-orders', async () => {
    proxy();
    const user = userEvent.setup();
    renderTicket();
    await typeStop(user);
    expect(screen.queryByLabelText('Price (USDC)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Arm sell order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arm this order?' });
    expect(dialog).toHaveTextContent('When the mark falls to 3,400.00: sell 0.5 ETH at market');
    expect(posts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Arm (Enter)' }));
    const result = await screen.findByRole('region', { name: 'Held order result' });
    expect(result).toHaveTextContent('Armed');
    expect(result).toHaveTextContent('held order h-1');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ url: '/api/held-orders', body: { type: 'STOP_MARKET', symbol: 'PERP_ETH_USDC', side: 'SELL', order_quantity: 0.5, trigger_price: 3400 } });
    // Armed: the size is gone, so a second click cannot arm the same order again.
    expect(useTicketStore.getState().rows[0]).toMatchObject({ heldKind: 'stop', size: '' });
  });

  it('asks about a size or trigger typed with a refused key ("1,5" left as 15), as an order sent now does', async () => {
    proxy();
    const user = userEvent.setup();
    renderTicket();
    await user.click(screen.getByRole('radio', { name: 'Sell / Short' }));
    await user.click(screen.getByRole('radio', { name: 'Stop' }));
    await user.type(screen.getByLabelText('Trigger price (USDC)'), '3400,5');
    await user.type(screen.getByLabelText('Quantity (ETH)'), '1,5');
    await user.click(screen.getByRole('button', { name: 'Arm sell order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arm this order?' });
    expect(dialog).toHaveTextContent('A key was refused while typing this quantity: is 15 the quantity you meant?');
    expect(dialog).toHaveTextContent('A key was refused while typing this price: is 34005 the price you meant?');
    expect(posts).toEqual([]);
  });

  it('asks about a trigger the mark has already crossed, saying it fires at once', async () => {
    proxy();
    const user = userEvent.setup();
    renderTicket();
    await typeStop(user, '3600');
    expect(screen.getByRole('list', { name: 'Warnings' })).toHaveTextContent('already at or below this trigger: it fires at once');
    await user.click(screen.getByRole('button', { name: 'Arm sell order' }));
    expect(await screen.findByRole('dialog', { name: 'Arm this order?' })).toHaveTextContent('it fires at once');
  });

  it('shows the refusal with the field it names, and keeps the order', async () => {
    proxy(() => 'refuse');
    const user = userEvent.setup();
    renderTicket();
    await typeStop(user);
    await user.click(screen.getByRole('button', { name: 'Arm sell order' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Arm (Enter)' }));
    const result = await screen.findByRole('region', { name: 'Held order result' });
    expect(result).toHaveTextContent('Not armed');
    expect(result).toHaveTextContent('trigger_price: required for STOP_MARKET');
    expect(useTicketStore.getState().rows[0]?.size).toBe('0.5');
  });

  it('sends the same key again after a lost answer, so the proxy never arms it twice', async () => {
    let calls = 0;
    proxy(() => (++calls === 1 ? 'drop' : 'arm'));
    const user = userEvent.setup();
    renderTicket();
    await typeStop(user);
    await user.click(screen.getByRole('button', { name: 'Arm sell order' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Arm (Enter)' }));
    expect(await screen.findByText(/the order may have been armed: send again to retry safely/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Arm sell order' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Arm (Enter)' }));
    await screen.findByRole('region', { name: 'Held order result' });
    expect(posts).toHaveLength(2);
    expect(posts[1]?.key).toBe(posts[0]?.key);
  });

  it('sets a sized stop aside whole, trigger and all, when a side key starts another order', async () => {
    const user = userEvent.setup();
    renderTicket();
    await typeStop(user);
    const before = useTicketStore.getState().rows;
    actions().chooseSide('BUY');
    expect(useTicketStore.getState().aside[0]?.rows).toEqual(before);
    expect(before[0]?.held?.trigger).toBe('3400');
    // A chart price pick on the unsized new one makes it a limit order sent now.
    actions().pickPrice('PERP_ETH_USDC', '3450.00', durations);
    expect(useTicketStore.getState().rows[0]).toMatchObject({ heldKind: undefined, kind: 'limit', price: '3450.00' });
  });

  it('offers exits on a limit entry, saying where they are armed, and says the ladder has no held kinds', async () => {
    const user = userEvent.setup();
    renderTicket();
    await user.click(screen.getByText('Take-profit / stop-loss'));
    expect(screen.getByText('Exits are armed when the entry is accepted, and cancelled if it is rejected or its outcome is unknown.')).toBeVisible();
    await user.type(screen.getByLabelText('Take-profit trigger'), '3700');
    await user.type(screen.getByLabelText('Quantity (ETH)'), '1');
    expect(screen.getByRole('button', { name: 'Buy with exits' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'Ladder' }));
    expect(screen.getByText(/set on a single order, in the Order tool/)).toBeInTheDocument();
  });
});
