import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeskMe, JournalOrder, LimitIssue, OrderRequest, Person } from '@/interface';
import { terminalConfig } from '@/service/config';
import { JournalTable } from '@/terminal/features/orders';
import { OrderTicket, type MarketContext } from '@/terminal/features/ticket';
import { useTicketStore } from '@/terminal/features/ticket/store';
import { journalOrder, journalRowsFor } from '../fixtures/orders';
import { fakeProxy } from '../helpers/proxyFake';

/**
 * The person in the terminal (issue 30): what a desk's proxy says of who is signed in, their
 * accounts and limits, and its answers to a ticket, stubbed; the widgets are the real ones.
 */
const markets = new Map<string, MarketContext>([['PERP_BTC_USDC', { symbol: 'PERP_BTC_USDC', mark_price: 100000, priceDecimals: 1, quantityDecimals: 4 }]]);
const durations = terminalConfig.durations;

const alice: Person = { name: 'alice', roles: ['trader'], accounts: ['main', 'second'], implicit: false };
const vera: Person = { name: 'vera', roles: ['viewer'], accounts: '*', implicit: false };

const deskMe = (person: Person): DeskMe => ({
  person,
  accounts: [
    { name: 'main', accountId: 'acc-main' },
    { name: 'second', accountId: 'acc-second' },
  ],
  day: '2026-11-25',
  user: { limits: { maxDayNotional: '50000', maxOrderNotional: '10000', approvalAbove: '5000', approvalFreeDay: '20000' }, usedToday: '12000', openHeld: 0, approvalFreeToday: '7000' },
  accountLimits: {
    main: { limits: { maxDayNotional: '100000' }, usedToday: '30000', openHeld: 1 },
    second: { limits: { tradingOff: true }, usedToday: '0', openHeld: 0 },
  },
  approvalTtlMinutes: 10,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
type Answer = (key: string, orders: OrderRequest[]) => Response;
const accepted: Answer = (key, orders) => json({ success: true, data: { ticket_id: key, status: 'accepted', requests: 1, rows: journalRowsFor(key, orders) }, timestamp: 3 });

/** A desk's proxy: the session names `person`; every batch order is recorded with its headers. */
function deskProxy(person: Person, answer: Answer = accepted) {
  const posts: { account: string | null; orders: OrderRequest[] }[] = [];
  fakeProxy({
    'GET /api/session': () => json({ success: true, data: { authenticated: true, person }, timestamp: 1 }),
    'GET /api/desk/me': () => json({ success: true, data: deskMe(person), timestamp: 1 }),
    'POST /v1/batch-order': ({ key, headers, body }) => {
      const { orders } = body as { orders: OrderRequest[] };
      posts.push({ account: headers.get('x-account'), orders });
      return answer(key, orders);
    },
  });
  return posts;
}

function withClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}
const renderTicket = () => withClient(<OrderTicket markets={markets} durations={durations} usedClientOrderIds={new Set()} workspace="scalping" />);

async function buyOne() {
  const user = userEvent.setup();
  useTicketStore.getState().actions.selectMarket('PERP_BTC_USDC', '100000.0');
  const view = renderTicket();
  await user.type(screen.getByLabelText('Quantity (BTC)'), '0.01');
  return { user, view };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the person in the ticket', () => {
  it("keeps a viewer's Send disabled, saying why, and sends nothing", async () => {
    const posts = deskProxy(vera);
    const { user } = await buyOne();
    const buy = screen.getByRole('button', { name: 'Buy' });
    await vi.waitFor(() => expect(buy).toBeDisabled());
    expect(buy).toHaveAccessibleDescription(/Signed in as viewer: sending and changing orders takes the trader role/);
    await user.click(buy);
    expect(posts).toEqual([]);
  });

  it('sends to the account picked in the ticket, remembered for the workspace, with the limits shown before', async () => {
    const posts = deskProxy(alice);
    const { user, view } = await buyOne();
    const picker = await screen.findByRole('combobox', { name: 'Account' });
    expect(picker).toHaveValue('main');
    const limits = screen.getByRole('group', { name: 'Your limits and today’s use' });
    expect(limits).toHaveTextContent('today 12,000 of 50,000 USDC');
    expect(limits).toHaveTextContent('approval above 5,000');
    expect(limits).toHaveTextContent('7,000 of 20,000 without approval today');
    await user.selectOptions(picker, 'second');
    expect(limits).toHaveTextContent('trading off');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await screen.findByText('1 accepted');
    expect(posts.map((post) => post.account)).toEqual(['second']);
    expect(useTicketStore.getState().accounts).toEqual({ scalping: 'second' });
    // The workspace keeps its choice: the ticket opened again sends there.
    view.unmount();
    renderTicket();
    expect(await screen.findByRole('combobox', { name: 'Account' })).toHaveValue('second');
  });

  it('shows a ticket over the approval threshold as awaiting approval, not sent and not an error', async () => {
    const approval = {
      id: 'tk-awaiting-0001', kind: 'ticket', account: 'main', author: 'alice', state: 'awaiting', notional: '1000', body: {},
      createdAt: 1, expiresAt: 600_001, decidedBy: null, decidedAt: null, note: null, ticketId: null,
    };
    deskProxy(alice, () => json({ success: true, data: { approval }, timestamp: 3 }, 202));
    const { user } = await buyOne();
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const result = await screen.findByRole('region', { name: 'Ticket result' });
    expect(result).toHaveTextContent('Awaiting approval');
    expect(result).toHaveTextContent('tk-awaiting-0001');
    expect(result).not.toHaveTextContent('failed');
    expect(useTicketStore.getState().outcome?.awaiting?.id).toBe('tk-awaiting-0001');
  });

  it('names each limit a refused ticket is over, with the order, whose limit, the value and the max', async () => {
    const limits: LimitIssue[] = [
      { code: 'maxOrderNotional', scope: 'user', name: 'alice', row: 0, limit: '500', value: '1000', symbol: 'PERP_BTC_USDC' },
      { code: 'maxDayNotional', scope: 'account', name: 'main', limit: '100000', value: '101000' },
    ];
    deskProxy(alice, () => json({ success: false, code: -1002, message: 'over a limit', limits }, 403));
    const { user } = await buyOne();
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const list = await screen.findByRole('list', { name: 'Limits the ticket is over' });
    const items = within(list).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      '#1 PERP_BTC_USDC: Order notional 1,000 USDC is over the limit per order of user alice, 500 USDC.',
      'Today’s notional would reach 101,000 USDC, over the daily limit of account main, 100,000 USDC.',
    ]);
    // Nothing was sent: the order stays in the ticket to change.
    expect(screen.getByLabelText('Quantity (BTC)')).toHaveValue('0.01');
  });
});

describe('the orders tables on a desk', () => {
  it('show who placed and who approved an order once their columns are shown', async () => {
    const user = userEvent.setup();
    const orders: JournalOrder[] = [journalOrder({ account: 'main', placed_by: 'alice', approved_by: 'rita' })];
    withClient(<JournalTable kind="history" orders={orders} customFields={[]} />);
    const table = screen.getByRole('table', { name: 'Order history' });
    expect(within(table).queryByRole('columnheader', { name: /^Placed by/ })).toBeNull();
    await user.click(screen.getAllByLabelText('Columns of Order history')[0]!);
    const menu = screen.getByRole('group', { name: 'Columns of Order history' });
    for (const name of ['Account', 'Placed by', 'Approved by']) await user.click(within(menu).getByRole('checkbox', { name }));
    expect(within(table).getByRole('columnheader', { name: /^Placed by/ })).toBeInTheDocument();
    expect(within(table).getByText('alice')).toBeInTheDocument();
    expect(within(table).getByText('rita')).toBeInTheDocument();
    expect(within(table).getByText('main')).toBeInTheDocument();
  });
});
