import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Approval, Person } from '@/interface';
import { Approvals, Audit, DeskLimits, offeredPanels } from '@/terminal/features/desk';
import { distanceFromMark, distanceText } from '@/terminal/features/desk/model/approvalRows';
import { fakeProxy, ok, type ProxyRequest } from '../helpers/proxyFake';

type Call = ProxyRequest;

/** The proxy's desk routes, faked for these widgets only: each request recorded and answered by `answer` (none: 404). */
const stubProxy = (answer: (call: Call) => { status: number; body: unknown } | undefined) => fakeProxy({ '* /*': answer }).calls;
afterEach(() => vi.unstubAllGlobals());

const wrap = (children: ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);

const rita: Person = { name: 'rita', roles: ['risk'], accounts: '*', implicit: false };
const tom: Person = { name: 'tom', roles: ['trader'], accounts: ['main'], implicit: false };
const ada: Person = { name: 'ada', roles: ['admin'], accounts: '*', implicit: false };
const BTC = 'PERP_BTC_USDT';
const NOW = 1_000_000;

function approval(extra: Partial<Approval>): Approval {
  return {
    id: 'ticket-key-0001', kind: 'ticket', account: 'main', author: 'tom', state: 'awaiting', notional: '101000',
    body: { orders: [{ symbol: BTC, side: 'BUY', order_type: 'LIMIT', order_price: 101_000, order_quantity: 1 }] },
    createdAt: NOW - 65_000, expiresAt: NOW + 535_000, decidedBy: null, decidedAt: null, note: null, ticketId: null,
    ...extra,
  };
}

const markets = { markOf: (symbol: string) => (symbol === BTC ? 100_000 : undefined), priceDecimalsOf: () => 1 };

function renderApprovals(person: Person, rows: Approval[], decision?: (call: Call) => { status: number; body: unknown }) {
  const calls = stubProxy((call) => {
    if (call.url.startsWith('/api/approvals?')) return ok({ rows: rows.filter((row) => call.url.endsWith('all') || row.state === 'awaiting') });
    if (call.method === 'POST' && decision) return decision(call);
    return undefined;
  });
  render(wrap(<Approvals person={person} markets={markets} now={NOW} />));
  return calls;
}

const cardOf = async (id: string) => {
  await screen.findAllByText('101,000');
  return document.querySelector(`[data-approval-id="${id}"]`) as HTMLElement;
};

describe('the Approvals panel', () => {
  it('shows each order against the mark now, in % and ticks, the notional, age and time left', async () => {
    renderApprovals(rita, [approval({})]);
    const card = await cardOf('ticket-key-0001');
    expect(card).toHaveTextContent('Buy PERP_BTC_USDT · LIMIT · 1 @ 101,000.0');
    expect(card).toHaveTextContent('from mark +1.00% · +10000 ticks');
    expect(card).toHaveTextContent('1 min ago');
    expect(card).toHaveTextContent('expires in 8:55');
    expect(distanceText(distanceFromMark(99_999.9, 100_000, 1))).toBe('0.00% · -1 ticks');
  });

  it('says why each waits: over the threshold, or past the approval-free amount for the day; nothing when not known', async () => {
    renderApprovals(rita, [approval({ reason: 'day', notional: '900' }), approval({ id: 'ticket-key-0002', reason: 'ticket' }), approval({ id: 'ticket-key-0003' })]);
    expect(await cardOf('ticket-key-0001')).toHaveTextContent('Waitspast the approval-free amount for the day');
    expect(await cardOf('ticket-key-0002')).toHaveTextContent('Waitsover the approval threshold');
    expect(await cardOf('ticket-key-0003')).not.toHaveTextContent('Waits');
  });

  it('disables Approve on the risk user’s own request, saying why', async () => {
    renderApprovals({ ...rita, roles: ['risk', 'trader'] }, [approval({ author: 'rita' })]);
    const card = await cardOf('ticket-key-0001');
    const approve = within(card).getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription('You asked for this one: another risk user approves it');
    expect(within(card).queryByRole('button', { name: 'Reject…' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Withdraw' })).toBeEnabled();
  });

  it('offers a trader only Withdraw on their own request, and shows them their decided ones', async () => {
    const calls = renderApprovals(tom, [approval({}), approval({ id: 'ticket-key-0002', state: 'rejected', decidedBy: 'rita', note: 'too large' })]);
    const card = await cardOf('ticket-key-0001');
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Withdraw' })).toBeEnabled();
    expect(await screen.findByText('rita: too large')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/approvals?state=all');
  });

  it('sends no rejection without a note, then sends the note', async () => {
    const calls = renderApprovals(rita, [approval({})], () => ok(approval({ state: 'rejected', decidedBy: 'rita', note: 'too large' })));
    const card = await cardOf('ticket-key-0001');
    await userEvent.click(within(card).getByRole('button', { name: 'Reject…' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('A rejection needs a note');
    expect(within(card).getByLabelText('Why it is rejected')).toBeInvalid();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await userEvent.type(within(card).getByLabelText('Why it is rejected'), 'too large');
    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', url: '/api/approvals/ticket-key-0001/reject', body: { note: 'too large' } }]));
  });

  it('shows a refusal of the approval in words, each broken limit named', async () => {
    const refusal = {
      success: false, code: -1012, message: 'over a limit',
      limits: [{ code: 'maxDayNotional', scope: 'user', name: 'tom', limit: '100000', value: '151000' }],
    };
    renderApprovals(rita, [approval({})], () => ({ status: 409, body: refusal }));
    const card = await cardOf('ticket-key-0001');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      "Refused: it would break a limit. Today's notional would be 151,000, over the 100,000 per day of user tom",
    );
  });

  it('says an expired approval was refused as expired', async () => {
    renderApprovals(rita, [approval({})], () => ({ status: 410, body: { success: false, code: -1000, message: 'approval expired' } }));
    const card = await cardOf('ticket-key-0001');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Refused: this approval has expired. approval expired');
  });
});

const limitsPage = {
  day: '2026-11-25',
  users: [{ name: 'tom', roles: ['trader'], accounts: ['main'], disabled: false, limits: { maxDayNotional: '100000', approvalAbove: '50000', approvalFreeDay: '80000' }, usedToday: '25000', openHeld: 1, approvalFreeToday: '20000' }],
  accounts: [{ name: 'main', accountId: 'acc-1', limits: { tradingOff: true }, usedToday: '0', openHeld: 0 }],
};

function renderLimits(person: Person) {
  const calls = stubProxy((call) => {
    if (call.url === '/api/desk/limits') return ok(limitsPage);
    if (call.method === 'PUT') return ok(call.body);
    return undefined;
  });
  render(wrap(<DeskLimits person={person} intervalMs={60_000} />));
  return calls;
}

describe('the Desk panel', () => {
  it('shows limits and today’s use as a bar of used of max', async () => {
    renderLimits(rita);
    const meter = await screen.findByRole('meter', { name: 'Today' });
    expect(meter).toHaveAttribute('aria-valuenow', '25');
    expect(meter).toHaveAttribute('aria-valuetext', '25,000 of 100,000');
    // Split under the threshold, what went without approval still has its own day.
    expect(screen.getByRole('meter', { name: 'Without approval' })).toHaveAttribute('aria-valuetext', '20,000 of 80,000');
    expect(screen.getAllByRole('switch', { name: 'Kill switch' })[1]).toBeChecked();
  });

  it('names a bad field of the limits form and sends nothing, then sends the checked set', async () => {
    const calls = renderLimits(rita);
    const row = await screen.findByText('tom').then((name) => name.closest('li') as HTMLElement);
    await userEvent.click(within(row).getByRole('button', { name: 'Edit limits' }));
    const day = within(row).getByLabelText('Max per day');
    await userEvent.clear(day);
    await userEvent.type(day, '12,5');
    await userEvent.click(within(row).getByRole('button', { name: 'Save limits' }));
    expect(day).toBeInvalid();
    expect(within(row).getByRole('alert')).toHaveTextContent('Max per day: expected a non-negative amount');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await userEvent.clear(day);
    await userEvent.type(day, '120000');
    await userEvent.type(within(row).getByLabelText('Symbols'), 'PERP_BTC_USDT');
    await userEvent.click(within(row).getByRole('button', { name: 'Save limits' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([
        { method: 'PUT', url: '/api/desk/limits/user/tom', body: { maxDayNotional: '120000', approvalAbove: '50000', approvalFreeDay: '80000', symbols: ['PERP_BTC_USDT'] } },
      ]),
    );
  });

  it('asks before the kill switch stops trading', async () => {
    const calls = renderLimits(rita);
    const row = await screen.findByText('tom').then((name) => name.closest('li') as HTMLElement);
    await userEvent.click(within(row).getByRole('switch', { name: 'Kill switch' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop all trading for user tom?' });
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop trading' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ maxDayNotional: '100000', approvalAbove: '50000', approvalFreeDay: '80000', tradingOff: true }));
  });

  it('lets an admin read but not change, saying why', async () => {
    renderLimits(ada);
    const row = await screen.findByText('tom').then((name) => name.closest('li') as HTMLElement);
    const edit = within(row).getByRole('button', { name: 'Edit limits' });
    expect(edit).toBeDisabled();
    expect(edit).toHaveAccessibleDescription('Only a risk user changes limits.');
  });
});

describe('the Audit panel', () => {
  const record = { id: 7, at: NOW, actor: 'rita', action: 'approved', subject: 'ticket-key-0001', address: '127.0.0.1', detail: { note: 'fine' } };

  it('asks the proxy for the filters chosen, and the CSV link carries them', async () => {
    const calls = stubProxy((call) => (call.url.startsWith('/api/audit?') ? ok({ rows: [record], next_cursor: null }) : undefined));
    render(wrap(<Audit person={rita} />));
    expect(await screen.findByText('ticket-key-0001')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/audit?limit=200');
    await userEvent.type(screen.getByLabelText('Who'), 'rita');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'approved');
    await userEvent.type(screen.getByLabelText('About'), 'ticket-key-0001');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/audit?actor=rita&action=approved&subject=ticket-key-0001&limit=200'));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/audit.csv?actor=rita&action=approved&subject=ticket-key-0001');
  });

  it('pages by the cursor the proxy gave', async () => {
    const calls = stubProxy((call) =>
      call.url.includes('cursor=7') ? ok({ rows: [{ ...record, id: 3, subject: 'older' }], next_cursor: null }) : ok({ rows: [record], next_cursor: '7' }),
    );
    render(wrap(<Audit person={rita} />));
    expect(await screen.findByText('older')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/audit?limit=200', '/api/audit?cursor=7&limit=200']);
  });
});

describe('which desk panels are offered', () => {
  const panels = { markets: 1, approvals: 2, desk: 3, audit: 4 };
  it('offers none in single-token mode, approvals to a trader, all to risk, desk and audit to an admin', () => {
    expect(Object.keys(offeredPanels(panels, { ...ada, roles: ['admin', 'trader'], implicit: true }))).toEqual(['markets']);
    expect(Object.keys(offeredPanels(panels, undefined))).toEqual(['markets']);
    expect(Object.keys(offeredPanels(panels, tom))).toEqual(['markets', 'approvals']);
    expect(Object.keys(offeredPanels(panels, rita))).toEqual(['markets', 'approvals', 'desk', 'audit']);
    expect(Object.keys(offeredPanels(panels, ada))).toEqual(['markets', 'desk', 'audit']);
    expect(Object.keys(offeredPanels(panels, { ...tom, roles: ['viewer'] }))).toEqual(['markets']);
  });
});
