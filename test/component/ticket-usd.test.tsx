import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderRequest } from '@/interface';
import { terminalConfig } from '@/service/config';
import { OrderTicket, type MarketContext } from '@/terminal/features/ticket';
import { useTicketStore } from '@/terminal/features/ticket/store';
import { fail, fakeProxy } from '../helpers/proxyFake';

const eth: MarketContext = { symbol: 'PERP_ETH_USDC', mark_price: 3400, priceDecimals: 1, quantityDecimals: 4 };
const markets = new Map([[eth.symbol, eth]]);
const durations = terminalConfig.durations;

/** The ticket with the size unit held as the app holds the setting: the ticket's switch writes it. */
function renderTicket(initial: 'base' | 'usd') {
  const seen: string[] = [];
  function Wired() {
    const [unit, setUnit] = useState(initial);
    seen.push(unit);
    return <OrderTicket markets={markets} durations={durations} usedClientOrderIds={new Set()} sizing={{ unit, onChange: setUnit }} />;
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Wired />
    </QueryClientProvider>,
  );
  return { unit: () => seen.at(-1) };
}

let posted: OrderRequest[][];
beforeEach(() => {
  posted = [];
  useTicketStore.getState().actions.clear(durations);
  useTicketStore.getState().actions.selectMarket(eth.symbol, '3333.3');
  fakeProxy({
    'POST /v1/batch-order': ({ body }) => {
      posted.push((body as { orders: OrderRequest[] }).orders);
      return fail(500, -1000, 'stubbed');
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const sizeField = () => screen.getByRole('textbox', { name: /^(Size \(USD\)|Quantity \(ETH\))$/ });
const usdSwitch = () => screen.getByRole('button', { name: 'USD' });

describe('the ticket sized in USD', () => {
  it('takes the size in USD, shows the base quantity it sends, and sends exactly that', async () => {
    const user = userEvent.setup();
    renderTicket('usd');
    expect(screen.getByLabelText('Size (USD)')).toBe(sizeField());
    expect(usdSwitch()).toHaveAttribute('aria-pressed', 'true');
    await user.type(sizeField(), '100');
    expect(screen.getByText('Sends 0.0300 ETH at the limit price')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Orders of the ticket' })).toHaveTextContent('100 USD → 0.03');
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual([expect.objectContaining({ symbol: eth.symbol, order_price: 3333.3, order_quantity: 0.03 })]);
    expect(posted[0]?.[0]).not.toHaveProperty('order_amount');
  });

  it('says so when the USD buys less than one step, and when there is no price to convert at', async () => {
    const user = userEvent.setup();
    renderTicket('usd');
    await user.type(sizeField(), '0.3');
    expect(screen.getByRole('alert')).toHaveTextContent('0.3 USD buys less than the step 0.0001: nothing to send');
    await user.clear(screen.getByLabelText('Price (USDC)'));
    expect(screen.getByText('Enter a price first: the quantity sent is USD ÷ price')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(posted).toEqual([]);
  });

  it('converts at the mark for a market order, and says so', async () => {
    const user = userEvent.setup();
    renderTicket('usd');
    await user.click(screen.getByRole('radio', { name: 'Market' }));
    expect(screen.getByText('Sent in ETH: USD ÷ mark price, rounded down to the step')).toBeInTheDocument();
    await user.type(sizeField(), '100');
    expect(screen.getByText('Sends 0.0294 ETH at mark 3,400.0')).toBeInTheDocument();
    // The amount switch is base mode's way of sizing in USDC; with USD on it would be a second one.
    expect(screen.queryByRole('button', { name: 'Size by amount instead' })).toBeNull();
  });

  it('switches unit from the ticket, writing the setting and converting the size both ways', async () => {
    const user = userEvent.setup();
    const view = renderTicket('base');
    expect(usdSwitch()).toHaveAttribute('aria-pressed', 'false');
    await user.type(screen.getByLabelText('Quantity (ETH)'), '0.03');
    await user.click(usdSwitch());
    expect(view.unit()).toBe('usd');
    expect(screen.getByLabelText('Size (USD)')).toHaveValue('99.999');
    await user.clear(sizeField());
    await user.type(sizeField(), '100.5');
    usdSwitch().focus();
    await user.keyboard('{Enter}');
    expect(view.unit()).toBe('base');
    // Rounded down to the step: 100.5 USD at 3333.3 is 0.03015…, which sends 0.0301.
    expect(screen.getByLabelText('Quantity (ETH)')).toHaveValue('0.0301');
  });

  it('keeps a laddered base quantity as it is, and says the ladder is sized in base', async () => {
    const user = userEvent.setup();
    renderTicket('usd');
    await user.click(screen.getByRole('radio', { name: 'Ladder' }));
    expect(screen.getByText('In ETH, not USD: ladders are sized in base quantity')).toBeInTheDocument();
  });
});
