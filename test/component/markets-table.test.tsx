import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MarketsTable } from '../../src/terminal/features/markets';
import { toMarketRow } from '../../src/terminal/features/markets/model/marketRow';
import { inferSpec } from '../../src/terminal/features/markets/model/specs';
import { futuresRows } from './fixtures';

const rows = futuresRows(12).map((row) => toMarketRow(row, inferSpec(row), 0));

function bodySymbols(): string[] {
  const table = screen.getByRole('table', { name: 'Markets' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('data-symbol') ?? '');
}

describe('MarketsTable', () => {
  it('renders a row per market with formatted cells', () => {
    render(<MarketsTable rows={rows} selectedSymbol={undefined} onSelect={() => {}} />);
    expect(bodySymbols()).toEqual(rows.map((row) => row.symbol));
    const btc = screen.getAllByRole('row').find((row) => row.getAttribute('data-symbol') === 'PERP_BTC_USDC')!;
    const btcRow = rows.find((row) => row.symbol === 'PERP_BTC_USDC')!;
    const mark = btcRow.mark_price.toLocaleString('en-US', { minimumFractionDigits: btcRow.priceDecimals, maximumFractionDigits: btcRow.priceDecimals });
    expect(within(btc).getByText(mark)).toBeInTheDocument();
    expect(within(btc).getByText('BTC')).toBeInTheDocument();
  });

  it('sorts by a column, both ways, from its header', async () => {
    const user = userEvent.setup();
    render(<MarketsTable rows={rows} selectedSymbol={undefined} onSelect={() => {}} />);
    const byMark = [...rows].sort((a, b) => a.mark_price - b.mark_price).map((row) => row.symbol);
    await user.click(screen.getByRole('button', { name: /^Mark\b(?!et)/ }));
    const first = bodySymbols();
    // Numbers sort descending first in TanStack Table; either way the order must be by mark.
    expect([byMark, [...byMark].reverse()]).toContainEqual(first);
    await user.click(screen.getByRole('button', { name: /^Mark\b(?!et)/ }));
    expect(bodySymbols()).toEqual([...first].reverse());
    expect(screen.getByRole('columnheader', { name: /^Mark\b(?!et)/ })).toHaveAttribute('aria-sort', first[0] === byMark[0] ? 'descending' : 'ascending');

    await user.click(screen.getByRole('button', { name: /^Market/ }));
    const alphabetical = rows.map((row) => row.symbol).sort();
    expect([alphabetical, [...alphabetical].reverse()]).toContainEqual(bodySymbols());
  });

  it('selects a market by click and by keyboard', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<MarketsTable rows={rows} selectedSymbol="PERP_ETH_USDC" onSelect={onSelect} />);
    const eth = screen.getAllByRole('row').find((row) => row.getAttribute('data-symbol') === 'PERP_ETH_USDC')!;
    expect(eth).toHaveAttribute('aria-selected', 'true');
    await user.click(eth);
    expect(onSelect).toHaveBeenLastCalledWith('PERP_ETH_USDC');
    const sol = screen.getAllByRole('row').find((row) => row.getAttribute('data-symbol') === 'PERP_SOL_USDC')!;
    sol.focus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('PERP_SOL_USDC');
  });
});
