import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useHotkeys } from '@/terminal/features/hotkeys';
import { MarketsTable } from '@/terminal/features/markets';
import { toMarketRow } from '@/terminal/features/markets/model/marketRow';
import { inferSpec } from '@/terminal/features/markets/model/specs';
import { formatCompact } from '@/terminal/shared/format/number';
import { FLASH_JOIN_MS, FLASH_MS } from '@/terminal/shared/ui/grid/liveCells';
import { futuresRows } from '../fixtures/markets';

const NO_OVERRIDES = {};
/** The page's hotkeys with their default keys: `/` is one of them since the keys became rebindable. */
function Hotkeys() {
  useHotkeys(NO_OVERRIDES);
  return null;
}

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

  it('searches by symbol and pins favorites on top, kept for the next visit', async () => {
    const user = userEvent.setup();
    render(<MarketsTable rows={rows} selectedSymbol={undefined} onSelect={() => {}} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search markets' }), 'et');
    expect(bodySymbols()).toEqual(rows.map((row) => row.symbol).filter((symbol) => symbol.includes('ET')));
    await user.clear(screen.getByRole('searchbox', { name: 'Search markets' }));
    const last = rows.at(-1)!;
    await user.click(screen.getByRole('button', { name: `Pin ${last.base}` }));
    expect(bodySymbols()[0]).toBe(last.symbol);
    expect(screen.getByRole('button', { name: `Unpin ${last.base}` })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem('perp-terminal.markets.v1') ?? '{}')).toMatchObject({ state: { favorites: [last.symbol] } });
  });

  it('writes new prices into their cells, tints a moved mark, and shows funding a year on hover', () => {
    const { rerender } = render(<MarketsTable rows={rows} selectedSymbol={undefined} onSelect={() => {}} />);
    const cell = (symbol: string, column: string) =>
      screen.getAllByRole('row').find((row) => row.getAttribute('data-symbol') === symbol)!.querySelector(`td[data-column="${column}"]`)!;
    const btc = rows.find((row) => row.symbol === 'PERP_BTC_USDC')!;
    expect(cell('PERP_BTC_USDC', 'mark_price')).not.toHaveAttribute('data-tone');
    const up = rows.map((row) => (row === btc ? toMarketRow({ ...row, mark_price: row.mark_price + 1 }, inferSpec(row), 0, row) : row));
    rerender(<MarketsTable rows={up} selectedSymbol={undefined} onSelect={() => {}} />);
    const mark = (btc.mark_price + 1).toLocaleString('en-US', { minimumFractionDigits: btc.priceDecimals, maximumFractionDigits: btc.priceDecimals });
    expect(cell('PERP_BTC_USDC', 'mark_price')).toHaveTextContent(mark);
    expect(cell('PERP_BTC_USDC', 'mark_price')).toHaveAttribute('data-tone', 'up');
    const funding = cell('PERP_BTC_USDC', 'est_funding_rate');
    expect(funding.getAttribute('title')).toMatch(/^[+-]?\d+\.\d{4}% per 8 h · [+-]?\d+\.\d{2}% a year$/);
  });

  it('sorts a numeric column largest first on the first click', async () => {
    const user = userEvent.setup();
    render(<MarketsTable rows={rows} selectedSymbol={undefined} onSelect={() => {}} />);
    await user.click(screen.getByRole('button', { name: /^24h %/ }));
    expect(screen.getByRole('columnheader', { name: /^24h %/ })).toHaveAttribute('aria-sort', 'descending');
    expect(bodySymbols()).toEqual([...rows].sort((a, b) => (b.change24h ?? 0) - (a.change24h ?? 0)).map((row) => row.symbol));
  });

  it('holds the sorted order while the pointer is over the rows, and says so', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<MarketsTable rows={rows} selectedSymbol={undefined} onSelect={() => {}} />);
    await user.click(screen.getByRole('button', { name: /^Mark\b(?!et)/ }));
    const before = bodySymbols();
    await user.hover(screen.getAllByRole('row')[3]!);
    expect(screen.getByText('Order paused while you point')).toHaveAttribute('aria-live', 'polite');
    // A poll that turns the order upside down: the rows stay where they are, their values move.
    const flipped = rows.map((row) => toMarketRow({ ...row, mark_price: 1e6 / row.mark_price }, inferSpec(row), 0, row));
    rerender(<MarketsTable rows={flipped} selectedSymbol={undefined} onSelect={() => {}} />);
    expect(bodySymbols()).toEqual(before);
    await user.unhover(screen.getByRole('table', { name: 'Markets' }));
    expect(bodySymbols()).toEqual([...before].reverse());
    expect(screen.queryByText('Order paused while you point')).toBeNull();
  });

  it('is one tab stop: arrows, Home and End move between rows, Enter picks, F pins, / finds', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <>
        <Hotkeys />
        <MarketsTable rows={rows} selectedSymbol={undefined} onSelect={onSelect} />
      </>,
    );
    const body = screen.getByRole('table', { name: 'Markets' }).querySelector('tbody')!;
    const tabbable = () => [...body.querySelectorAll('[tabindex="0"], button:not([tabindex="-1"]), a[href]')];
    expect(tabbable()).toHaveLength(1);
    const first = tabbable()[0] as HTMLElement;
    first.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-symbol', rows[1]!.symbol));
    expect(tabbable()).toEqual([document.activeElement]);
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-symbol', rows.at(-1)!.symbol));
    await user.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-symbol', rows[0]!.symbol));
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(rows[0]!.symbol);
    await user.keyboard('f');
    expect(screen.getByRole('button', { name: `Unpin ${rows[0]!.base}` })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyDown(document.body, { key: '/' });
    expect(screen.getByRole('searchbox', { name: 'Search markets' })).toHaveFocus();
    await user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search markets' })).toHaveValue('/');
  });

  it('flashes a moved mark for a moment only, then shows it neutral (no tint kept until the next poll)', () => {
    vi.useFakeTimers();
    try {
      const { rerender } = render(<MarketsTable rows={rows} selectedSymbol={undefined} onSelect={() => {}} />);
      const mark = () =>
        screen.getAllByRole('row').find((row) => row.getAttribute('data-symbol') === 'PERP_BTC_USDC')!.querySelector('td[data-column="mark_price"]')!;
      const btc = rows.find((row) => row.symbol === 'PERP_BTC_USDC')!;
      const down = rows.map((row) => (row === btc ? toMarketRow({ ...row, mark_price: row.mark_price - 5 }, inferSpec(row), 0, row) : row));
      rerender(<MarketsTable rows={down} selectedSymbol={undefined} onSelect={() => {}} />);
      expect(mark()).toHaveAttribute('data-tone', 'down');
      act(() => vi.advanceTimersByTime(600));
      expect(mark()).not.toHaveAttribute('data-tone');
      // A poll with the same mark (its tick still says "down") does not tint it again.
      const same = down.map((row) => (row.symbol === btc.symbol ? { ...row } : row));
      rerender(<MarketsTable rows={same} selectedSymbol={undefined} onSelect={() => {}} />);
      expect(mark()).not.toHaveAttribute('data-tone');
      // Moved again within its flash: the tint follows the new move and lasts from it.
      const moved = (delta: number) =>
        rows.map((row) => (row === btc ? toMarketRow({ ...row, mark_price: row.mark_price + delta }, inferSpec(row), 0, row) : row));
      rerender(<MarketsTable rows={moved(-7)} selectedSymbol={undefined} onSelect={() => {}} />);
      act(() => vi.advanceTimersByTime(200));
      rerender(<MarketsTable rows={moved(3)} selectedSymbol={undefined} onSelect={() => {}} />);
      expect(mark()).toHaveAttribute('data-tone', 'up');
      act(() => vi.advanceTimersByTime(200));
      expect(mark()).toHaveAttribute('data-tone', 'up');
      act(() => vi.advanceTimersByTime(200));
      expect(mark()).not.toHaveAttribute('data-tone');
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends a flash due within FLASH_JOIN_MS with the next commit, not in a frame of its own', () => {
    vi.useFakeTimers();
    try {
      const { rerender } = render(<MarketsTable rows={rows} selectedSymbol={undefined} onSelect={() => {}} />);
      const tone = (symbol: string) =>
        screen.getAllByRole('row').find((row) => row.getAttribute('data-symbol') === symbol)!.querySelector('td[data-column="mark_price"]')!.getAttribute('data-tone');
      const [btc, eth] = [rows.find((row) => row.symbol === 'PERP_BTC_USDC')!, rows.find((row) => row.symbol === 'PERP_ETH_USDC')!];
      const moved = (symbol: string, delta: number, from = rows) =>
        from.map((row) => (row.symbol === symbol ? toMarketRow({ ...row, mark_price: row.mark_price + delta }, inferSpec(row), 0, row) : row));
      const first = moved(btc.symbol, -5);
      rerender(<MarketsTable rows={first} selectedSymbol={undefined} onSelect={() => {}} />);
      expect(tone(btc.symbol)).toBe('down');
      // A commit 150 ms later (BTC's flash due in 150 ms, more than FLASH_JOIN_MS): the tint stays.
      act(() => vi.advanceTimersByTime(150));
      const second = moved(eth.symbol, 4, first);
      rerender(<MarketsTable rows={second} selectedSymbol={undefined} onSelect={() => {}} />);
      expect(tone(btc.symbol)).toBe('down');
      // 250 ms after BTC's move, a poll that moved ETH only (BTC's due in 50 ms): it ends with this commit, ETH's starts.
      act(() => vi.advanceTimersByTime(100));
      rerender(<MarketsTable rows={moved(eth.symbol, 3, second)} selectedSymbol={undefined} onSelect={() => {}} />);
      expect(tone(btc.symbol)).toBeNull();
      expect(tone(eth.symbol)).toBe('up');
      expect(FLASH_MS - 250).toBeLessThanOrEqual(FLASH_JOIN_MS);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the columns a perpetuals trader scans first, open interest in USDC; the rest in the Columns menu', () => {
    render(<MarketsTable rows={rows} selectedSymbol={undefined} onSelect={() => {}} />);
    const titles = screen.getAllByRole('columnheader').map((header) => header.querySelector('.grid__title')?.textContent ?? header.textContent);
    expect(titles).toEqual(['★', 'Market', 'Mark', '24h %', 'Funding', 'Next funding', 'Open interest']);
    const btc = rows.find((row) => row.symbol === 'PERP_BTC_USDC')!;
    const cell = screen.getAllByRole('row').find((row) => row.getAttribute('data-symbol') === 'PERP_BTC_USDC')!.querySelector('td[data-column="openInterestValue"]')!;
    expect(cell).toHaveTextContent(formatCompact(btc.open_interest * btc.mark_price));
  });

  it('Enter in the search opens the only match, or the best one', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<MarketsTable rows={rows} selectedSymbol={undefined} onSelect={onSelect} />);
    const search = screen.getByRole('searchbox', { name: 'Search markets' });
    await user.type(search, 'sol{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('PERP_SOL_USDC');
    await user.clear(search);
    // "ET" is in ETH and more: the base that starts with it first.
    await user.type(search, 'et{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('PERP_ETH_USDC');
    onSelect.mockClear();
    await user.clear(search);
    await user.type(search, 'nothing-like-it{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
  });
});
