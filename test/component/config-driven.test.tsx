import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { readTvConfig, type ConfigReading } from '@/interface';
import { ConfigTable, SummaryStrip, summaryValues, Unavailable } from '@/terminal/features/account';
import { ConfigNotice, configKeys, configQueryOptions, useConfig } from '@/terminal/features/config';
import { JournalTable } from '@/terminal/features/orders';
import { OrderTicket } from '@/terminal/features/ticket';
import { differentConfig, embeddedConfig, errorConfig, partlyWrongConfig } from '../fixtures/configs';
import { journalOrder } from '../fixtures/orders';

function withConfig(raw: unknown, ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(configKeys.tv(), readTvConfig(raw));
  const view = render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { client, view };
}

const orders = [
  journalOrder(),
  journalOrder({ seq: 1, status: 'rejected', order_id: null, error_message: 'order_price 1 is more than 10% below mark 3500', client_order_id: 'cid-2', order_tag: null }),
];

/** The orders tables, as the app composes them: custom fields come from the config in force. */
function OrderTables() {
  const config = useConfig();
  return (
    <>
      <JournalTable kind="orders" orders={orders} customFields={config.orderCustomFields} />
      <JournalTable kind="history" orders={orders} customFields={config.orderHistoryCustomFields} />
    </>
  );
}

const markets = new Map([['PERP_BTC_USDC', { symbol: 'PERP_BTC_USDC', mark_price: 100000, priceDecimals: 1, quantityDecimals: 4 }]]);

function Ticket() {
  const config = useConfig();
  return <OrderTicket markets={markets} durations={config.durations} usedClientOrderIds={new Set()} />;
}

const header = (table: HTMLElement, name: string) => within(table).getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('the embedded config drives the terminal', () => {
  it('order tables get their custom fields as columns, with tooltips and alignment', () => {
    withConfig(embeddedConfig, <OrderTables />);
    const working = screen.getByRole('table', { name: 'Placed orders' });
    const tag = header(working, 'Tag');
    expect(within(tag).getByRole('tooltip')).toHaveTextContent('The tag sent with the order');
    expect(within(tag).getByRole('button')).toHaveAccessibleDescription('The tag sent with the order');
    expect(within(working).getByText('ladder-1')).toBeInTheDocument();
    expect(within(working).getAllByRole('row')).toHaveLength(2); // header + the accepted order
    const history = screen.getByRole('table', { name: 'Order history' });
    expect(header(history, 'Visible qty')).toHaveClass('grid__cell--right');
    expect(within(history).getByText('cid-2')).toBeInTheDocument();
    expect(within(history).getByText(/more than 10% below mark/)).toBeInTheDocument();
  });

  it('the ticket offers GTC (preselected), IOC, FOK and POST_ONLY for limit orders', () => {
    withConfig(embeddedConfig, <Ticket />);
    const duration = screen.getByLabelText('Duration') as HTMLSelectElement;
    expect([...duration.options].map((option) => option.value)).toEqual(['GTC', 'IOC', 'FOK', 'POST_ONLY']);
    expect(duration.value).toBe('GTC');
  });

  it('the summary strip shows each item, a dash where nothing feeds it', () => {
    const values = summaryValues({ orders, now: orders[0]!.updated_at, accountId: '0x1234567890abcdef1234', markets: 48 });
    render(<SummaryStrip items={embeddedConfig.d.accountSummaryRow} values={values} />);
    const value = (title: string) => screen.getByText(title).nextElementSibling?.textContent;
    expect(value('Account')).toBe('0x1234…1234');
    expect(value('Placed today')).toBe('1');
    expect(value('Placed notional today')).toBe('1,000.13 USDC');
    expect(value('Unknown orders')).toBe('0');
    expect(value('Balance')).toBe('—');
  });

  it('an account table is filled from the rows its id names, and one without a source says so', () => {
    const [markets, balances] = embeddedConfig.d.accountManager;
    const { view } = withConfig(embeddedConfig, <ConfigTable table={markets!} rows={[{ symbol: 'PERP_BTC_USDC', est_funding_rate: 0.0001, last_funding_rate: 0.0002, sum_unitary_funding: 12.5, next_funding_time: 1_795_017_600_000 }]} rowKey="symbol" />);
    const table = screen.getByRole('table', { name: 'Funding' });
    expect(within(table).getByText('PERP_BTC_USDC')).toBeInTheDocument();
    expect(within(table).getByText('+0.0100%')).toBeInTheDocument();
    view.unmount();
    render(<ConfigTable table={balances!} rows={undefined} />);
    expect(screen.getByRole('note', { name: 'Balances unavailable' })).toHaveTextContent(/offers no data for “Balances”.*no endpoint/);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('a different config drives the same terminal differently', () => {
  it('other custom fields, titles, tooltips and alignments', () => {
    withConfig(differentConfig, <OrderTables />);
    const working = screen.getByRole('table', { name: 'Placed orders' });
    const cid = header(working, 'CID');
    expect(cid).toHaveClass('grid__cell--right');
    expect(within(cid).getByRole('tooltip')).toHaveTextContent('Client order id chosen by the terminal');
    expect(within(working).queryByRole('columnheader', { name: /^Tag/ })).toBeNull();
    const history = screen.getByRole('table', { name: 'Order history' });
    expect(header(history, 'Label')).toHaveClass('grid__cell--left');
  });

  it('other durations: IOC preselected, a date and time picker for GTD that the ticket says it cannot send, DAY for market orders', async () => {
    const user = userEvent.setup();
    withConfig(differentConfig, <Ticket />);
    const duration = screen.getByLabelText('Duration') as HTMLSelectElement;
    expect([...duration.options].map((option) => option.value)).toEqual(['IOC', 'GTD']);
    expect(duration.value).toBe('IOC');
    await user.selectOptions(duration, 'GTD');
    expect(screen.getByLabelText('Expiry date')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Expiry time')).toHaveAttribute('type', 'time');
    expect(screen.getByText(/Good till date needs an expiry, which a batch order cannot carry/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Market' }));
    const marketDuration = screen.getByLabelText('Duration') as HTMLSelectElement;
    expect([...marketDuration.options].map((option) => option.value)).toEqual(['DAY']);
  });

  it('positions say plainly that there is no source, naming the configured columns', () => {
    render(<Unavailable title="Positions" why="Positions are not available: the service interface has no positions endpoint." columns={differentConfig.d.positionCustomFields} />);
    expect(screen.getByRole('note', { name: 'Positions unavailable' })).toHaveTextContent('Columns it would show: uPnL.');
  });

  it('a config change takes effect without a reload', async () => {
    const { client } = withConfig(embeddedConfig, <OrderTables />);
    expect(header(screen.getByRole('table', { name: 'Placed orders' }), 'Tag')).toBeInTheDocument();
    // What the minutely refetch does when the service changed its config.
    act(() => {
      client.setQueryData(configKeys.tv(), readTvConfig(differentConfig));
    });
    const working = screen.getByRole('table', { name: 'Placed orders' });
    expect(await within(working).findByRole('columnheader', { name: /^CID/ })).toBeInTheDocument();
    expect(within(working).queryByRole('columnheader', { name: /^Tag/ })).toBeNull();
  });
});

describe('a partly wrong config still gives a working terminal', () => {
  it('lists what was ignored and why, and can be dismissed', async () => {
    const user = userEvent.setup();
    withConfig(partlyWrongConfig, <ConfigNotice />);
    const notice = screen.getByRole('status', { name: 'Configuration notice' });
    expect(notice).toHaveTextContent(/Parts of the terminal configuration were ignored \(9\)/);
    const items = within(notice).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'd.accountSummaryRow[1].id: Invalid input: expected string, received undefined; item ignored',
      'd.accountManager: missing; shown as empty',
      'd.durations: 2 durations are marked default (GTC, FOK); using GTC',
      'd.orderCustomFields "order_tag".alignment: expected "left" or "right", got "middle"; using left',
      'd.orderHistoryCustomFields: expected a list, got string; shown as empty',
      'd.pullingInterval.quotes: expected a positive number of ms, got "fast"; using 500',
      'd.pullingInterval.positions: expected a positive number of ms, got nothing; using 1000',
      'd.pullingInterval.accountManager: expected a positive number of ms, got nothing; using 1000',
      'd.pullingInterval.balances: expected a positive number of ms, got nothing; using 1000',
    ]);
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status', { name: 'Configuration notice' })).toBeNull();
  });

  it('the valid parts drive the ticket and the tables', () => {
    withConfig(partlyWrongConfig, <><Ticket /><OrderTables /></>);
    const duration = screen.getByLabelText('Duration') as HTMLSelectElement;
    expect([...duration.options].map((option) => option.value)).toEqual(['GTC', 'FOK']);
    expect(duration.value).toBe('GTC');
    expect(header(screen.getByRole('table', { name: 'Placed orders' }), 'Tag')).toHaveClass('grid__cell--left');
  });
});

describe('a config with s: "error"', () => {
  it('shows the service message, and the terminal works on defaults', () => {
    withConfig(errorConfig, <><ConfigNotice /><Ticket /></>);
    expect(screen.getByRole('status', { name: 'Configuration notice' })).toHaveTextContent(
      'The service reported a configuration error; defaults are in use.Terminal configuration is being updated, try again in a minute',
    );
    const duration = screen.getByLabelText('Duration') as HTMLSelectElement;
    expect([...duration.options].map((option) => option.textContent)).toEqual(['Good till cancelled']);
  });

  it('after a good config, an error on a refetch keeps the good one and says so', async () => {
    const { client } = withConfig(differentConfig, <><ConfigNotice /><Ticket /></>);
    const answers = [errorConfig, differentConfig];
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(answers.shift()), { status: 200 })));
    try {
      await act(() => client.fetchQuery({ ...configQueryOptions(), staleTime: 0 }));
      expect(await screen.findByRole('status', { name: 'Configuration notice' })).toHaveTextContent(
        'The service reported a configuration error; the last good configuration stays in use.Terminal configuration is being updated',
      );
      const offered = () => [...(screen.getByLabelText('Duration') as HTMLSelectElement).options].map((option) => option.value);
      const good = readTvConfig(differentConfig).config.durations.filter((item) => (item.supportedOrderTypes ?? ['limit']).some((type) => type.toLowerCase() === 'limit'));
      expect(offered()).toEqual(good.map((item) => item.id));
      // The next good answer clears the notice.
      await act(() => client.fetchQuery({ ...configQueryOptions(), staleTime: 0 }));
      await waitFor(() => expect(screen.queryByRole('status', { name: 'Configuration notice' })).toBeNull());
      expect(offered()).toEqual(good.map((item) => item.id));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

export type { ConfigReading };
