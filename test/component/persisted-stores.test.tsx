import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MARKETS_STORAGE_KEY, useMarketsStore } from '@/terminal/features/markets/store';
import { SENT_MARKS_STORAGE_KEY, useSentMarksStore } from '@/terminal/features/ticket/sentMarks';
import { useTicketStore } from '@/terminal/features/ticket/store';
import { TICKET_STORAGE_KEY, TICKET_STORAGE_VERSION } from '@/terminal/features/ticket/storedTicket';
import { LAYOUT_STORAGE_KEY, useLayoutStore } from '@/terminal/shared/ui/grid/layoutStore';
import { Toaster } from '@/terminal/shared/ui/toast/Toaster';
import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';

interface PersistedStore {
  getState(): object;
  persist: { rehydrate(): Promise<void> };
}

/** Each saved store: a value it wrote, the same value with one field of the wrong type, and that field. */
interface Case {
  what: string;
  key: string;
  store: PersistedStore;
  /** The version of the shape this terminal writes. */
  version: number;
  stored: Record<string, unknown>;
  wrongField: { state: Record<string, unknown>; path: string };
}

const layout = { order: ['symbol', 'mark_price'], hidden: ['index_price'], widths: { mark_price: 120 }, sort: { id: 'mark_price', desc: true } };
const draftRow = {
  id: 'r-saved', symbol: 'PERP_ETH_USDC', side: 'SELL', kind: 'limit', durationId: 'GTC', price: '3500.5', size: '2',
  sizeUnit: 'quantity', visibleQuantity: '', tag: 'mine', marginMode: 'CROSS', clientOrderId: 'tsaved-1', expiryDate: '', expiryTime: '',
};
const stopFields = {
  trigger: '3400', limitPrice: '', trailingUnit: 'percent', trailing: '', twapMinutes: '60', twapSliceSeconds: '60', twapSlippage: '0.5',
  twapPriceLimit: '', twapRandomize: '', takeProfit: '', takeProfitPrice: '', stopLoss: '', stopLossPrice: '',
};
const stopRow = { ...draftRow, id: 'r-stop', clientOrderId: 'tsaved-2', heldKind: 'stop', held: stopFields };
const ticket = {
  rows: [draftRow, stopRow],
  activeRowId: 'r-saved',
  recvWindow: 7000,
  pending: null,
  outcome: { key: 'tk-earlier-ticket', message: 'The proxy cannot be reached' },
  confirm: { mode: 'always', minOrders: 3, minNotional: 1000 },
  aside: [{ id: 'r-aside', rows: [draftRow], activeRowId: 'r-saved', setAsideAt: 1 }],
  lastSent: { PERP_ETH_USDC: { price: '3500.5', quantity: '2' } },
  refusedFields: ['r-saved:size'],
  armPending: null,
  armOutcome: { key: 'tk-earlier-arm', mode: 'held', message: 'trigger_price: required for STOP_MARKET' },
  accounts: { trade: 'main', 'saved-x': 'second' },
};

const cases: Case[] = [
  {
    what: 'table layouts',
    key: LAYOUT_STORAGE_KEY,
    store: useLayoutStore as unknown as PersistedStore,
    version: 1,
    stored: { layouts: { markets: layout } },
    wrongField: { state: { layouts: { markets: { ...layout, widths: { mark_price: 'wide' } } } }, path: 'layouts.markets.widths.mark_price' },
  },
  {
    what: 'favorite markets',
    key: MARKETS_STORAGE_KEY,
    store: useMarketsStore as unknown as PersistedStore,
    version: 1,
    stored: { favorites: ['PERP_BTC_USDC', 'PERP_SOL_USDC'] },
    wrongField: { state: { favorites: ['PERP_BTC_USDC', 7] }, path: 'favorites[1]' },
  },
  {
    what: 'ticket',
    key: TICKET_STORAGE_KEY,
    store: useTicketStore as unknown as PersistedStore,
    version: TICKET_STORAGE_VERSION,
    stored: ticket,
    wrongField: { state: { ...ticket, rows: [{ ...draftRow, side: 'LONG' }] }, path: 'rows[0].side' },
  },
  {
    what: 'marks of sent market orders',
    key: SENT_MARKS_STORAGE_KEY,
    store: useSentMarksStore as unknown as PersistedStore,
    version: 1,
    stored: { tickets: { 'tk-sent-1': { sentAt: 1_795_000_000_000, marks: [null, '3440.5'] } } },
    wrongField: { state: { tickets: { 'tk-sent-1': { sentAt: 1, marks: ['about 3440'] } } }, path: 'tickets.tk-sent-1.marks[0]' },
  },
];

/** What the store holds of the stored fields. */
const held = (testCase: Case) => Object.fromEntries(Object.keys(testCase.stored).map((field) => [field, (testCase.store.getState() as Record<string, unknown>)[field]]));
const defaults = (testCase: Case) => {
  const state = testCase.store.getState();
  return () => expect(testCase.store.getState()).toEqual(state);
};

async function load(testCase: Case, raw: string): Promise<void> {
  localStorage.setItem(testCase.key, raw);
  await testCase.store.persist.rehydrate();
}

const notices = () => useToastStore.getState().toasts;

describe.each(cases)('the saved $what', (testCase) => {
  it('of an older version is migrated, kept, and saved again in this version', async () => {
    await load(testCase, JSON.stringify({ state: testCase.stored, version: 0 }));
    expect(held(testCase)).toEqual(testCase.stored);
    expect(JSON.parse(localStorage.getItem(testCase.key) ?? '{}')).toEqual({ state: testCase.stored, version: testCase.version });
    expect(notices()).toEqual([]);
  });

  it('written by another tab is read again at once, so this tab never writes an older one over it', async () => {
    localStorage.setItem(testCase.key, JSON.stringify({ state: testCase.stored, version: testCase.version }));
    window.dispatchEvent(new StorageEvent('storage', { key: testCase.key, storageArea: localStorage }));
    await vi.waitFor(() => expect(held(testCase)).toEqual(testCase.stored));
    expect(notices()).toEqual([]);
  });

  it('of this version is kept as it is', async () => {
    await load(testCase, JSON.stringify({ state: testCase.stored, version: testCase.version }));
    expect(held(testCase)).toEqual(testCase.stored);
    expect(notices()).toEqual([]);
  });

  it('that is not JSON gives the defaults and a notice', async () => {
    const stillDefaults = defaults(testCase);
    await load(testCase, '{"state": {"fav');
    stillDefaults();
    expect(notices()).toEqual([
      expect.objectContaining({ tone: 'warning', title: `Reset: your saved ${testCase.what} could not be read`, detail: 'It is not JSON.', timeoutMs: 0 }),
    ]);
    // The unreadable value is replaced by the defaults: it is reported once, not at every load.
    expect(JSON.parse(localStorage.getItem(testCase.key) ?? '{}')).toMatchObject({ version: testCase.version });
  });

  it('with a field of the wrong type gives the defaults and a notice naming the field', async () => {
    const stillDefaults = defaults(testCase);
    await load(testCase, JSON.stringify({ state: testCase.wrongField.state, version: testCase.version }));
    stillDefaults();
    expect(notices()).toHaveLength(1);
    expect(notices()[0]?.detail).toMatch(new RegExp(`^${testCase.wrongField.path.replace(/[.[\]]/g, '\\$&')}: `));
  });

  it('from a newer terminal, or without its version, gives the defaults and a notice', async () => {
    const stillDefaults = defaults(testCase);
    await load(testCase, JSON.stringify({ state: testCase.stored, version: 9 }));
    stillDefaults();
    expect(notices()[0]?.detail).toBe(`It was saved by a newer terminal (version 9; this one reads up to ${testCase.version}).`);
    useToastStore.setState({ toasts: [], seen: new Set() });
    await load(testCase, JSON.stringify(testCase.stored));
    stillDefaults();
    expect(notices()[0]?.detail).toBe('It is not a saved state with its version.');
  });
});

describe('the notice of an unreadable saved value', () => {
  it('says what was reset and why, and is dismissed by the trader', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    await load(cases[1]!, JSON.stringify({ state: { favorites: 'PERP_BTC_USDC' }, version: 1 }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Reset: your saved favorite markets could not be read');
    expect(notice).toHaveTextContent(/favorites: .*expected array/);
    await user.click(within(notice).getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the saved ticket across the USD size unit', () => {
  it('reads a version 1 draft as it was, and keeps a USD-sized row of this version', async () => {
    const { armPending: _pending, armOutcome: _outcome, accounts: _accounts, ...version1 } = { ...ticket, rows: [draftRow] };
    await load(cases[2]!, JSON.stringify({ state: version1, version: 1 }));
    expect(useTicketStore.getState().rows).toEqual([draftRow]);
    const usd = { ...ticket, rows: [{ ...draftRow, size: '100', sizeUnit: 'notional' }] };
    await load(cases[2]!, JSON.stringify({ state: usd, version: TICKET_STORAGE_VERSION }));
    expect(useTicketStore.getState().rows[0]).toMatchObject({ size: '100', sizeUnit: 'notional' });
    expect(notices()).toEqual([]);
  });

  it('reads a version 3 ticket (before held kinds) with its rows as orders sent now and nothing on its way to arm', async () => {
    const { armPending: _pending, armOutcome: _outcome, ...version3 } = { ...ticket, rows: [draftRow] };
    await load(cases[2]!, JSON.stringify({ state: version3, version: 3 }));
    expect(useTicketStore.getState().rows).toEqual([draftRow]);
    expect(useTicketStore.getState()).toMatchObject({ armPending: null, armOutcome: null });
    expect(notices()).toEqual([]);
  });
});
