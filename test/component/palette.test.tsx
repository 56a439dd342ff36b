import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rankItems, usePaletteStore, type PaletteItem } from '@/terminal/features/palette';
import { Palette } from '@/terminal/features/palette/components/Palette';

beforeAll(() => {
  // cmdk keeps the highlighted item in view; happy-dom has no layout to scroll.
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
});
afterEach(() => usePaletteStore.setState({ open: false, recent: [] }));

function items(run: (id: string) => void): PaletteItem[] {
  const item = (id: string, title: string, group: string, keywords?: string[]): PaletteItem => ({ id, title, group, keywords, run: () => run(id) });
  return [
    item('command:ticket.buy', 'Buy side', 'Ticket', ['long']),
    item('command:ticket.tool.ladder', 'Ladder: orders spread over prices', 'Ticket'),
    item('command:settings.open', 'Settings', 'Terminal'),
    item('market:PERP_BTC_USDC', 'BTC · PERP_BTC_USDC', 'Market', ['BTC', 'PERP_BTC_USDC']),
    item('market:PERP_ETH_USDC', 'ETH · PERP_ETH_USDC', 'Market', ['ETH', 'PERP_ETH_USDC']),
    item('market:PERP_ETHFI_USDC', 'ETHFI · PERP_ETHFI_USDC', 'Market', ['ETHFI', 'PERP_ETHFI_USDC']),
  ];
}

const titles = (list: PaletteItem[]) => list.map((item) => item.title);

describe('the palette ranking', () => {
  it('finds letters in order with gaps, the closest match first', () => {
    const list = items(() => {});
    expect(titles(rankItems(list, 'ldr', []))).toEqual(['Ladder: orders spread over prices']);
    expect(titles(rankItems(list, 'eth', [])).slice(0, 2)).toEqual(['ETH · PERP_ETH_USDC', 'ETHFI · PERP_ETHFI_USDC']);
    expect(titles(rankItems(list, 'long', []))).toEqual(['Buy side']);
    expect(rankItems(list, 'zzz', [])).toEqual([]);
  });

  it('puts recent picks first, the latest first, and keeps the rest in their order', () => {
    const list = items(() => {});
    const ranked = rankItems(list, '', ['market:PERP_ETH_USDC', 'command:settings.open']);
    expect(titles(ranked)).toEqual([
      'ETH · PERP_ETH_USDC',
      'Settings',
      'Buy side',
      'Ladder: orders spread over prices',
      'BTC · PERP_BTC_USDC',
      'ETHFI · PERP_ETHFI_USDC',
    ]);
    // A recent pick that matches beats a better-spelled one that is not recent.
    expect(titles(rankItems(list, 'eth', ['market:PERP_ETHFI_USDC']))[0]).toBe('ETHFI · PERP_ETHFI_USDC');
  });
});

describe('the palette', () => {
  it('runs the best match on Enter, closes, and remembers it as recent', async () => {
    const user = userEvent.setup();
    const run = vi.fn();
    const onClose = vi.fn();
    render(<Palette items={items(run)} onClose={onClose} />);
    const search = screen.getByRole('combobox', { name: 'Search markets and commands' });
    expect(search).toHaveFocus();
    await user.type(search, 'eth');
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('ETH · PERP_ETH_USDC');
    await user.keyboard('{Enter}');
    expect(run).toHaveBeenCalledExactlyOnceWith('market:PERP_ETH_USDC');
    expect(onClose).toHaveBeenCalled();
    expect(usePaletteStore.getState().recent).toEqual(['market:PERP_ETH_USDC']);
  });

  it('moves with the arrow keys and says when nothing matches', async () => {
    const user = userEvent.setup();
    const run = vi.fn();
    render(<Palette items={items(run)} onClose={() => {}} />);
    const search = screen.getByRole('combobox', { name: 'Search markets and commands' });
    await user.type(search, 'eth');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(run).toHaveBeenCalledExactlyOnceWith('market:PERP_ETHFI_USDC');
    await user.clear(search);
    await user.type(search, 'qqq');
    expect(screen.getByText('Nothing matches “qqq”.')).toBeInTheDocument();
  });

  it('gets the highlighted item ready before Enter, and only that one', async () => {
    const user = userEvent.setup();
    const prepared: string[] = [];
    const list = items(() => {}).map((item) => ({ ...item, prepare: () => prepared.push(item.id) }));
    render(<Palette items={list} onClose={() => {}} />);
    const search = screen.getByRole('combobox', { name: 'Search markets and commands' });
    await user.type(search, 'ldr');
    expect(prepared.at(-1)).toBe('command:ticket.tool.ladder');
    await user.clear(search);
    await user.type(search, 'eth');
    await user.keyboard('{ArrowDown}');
    expect(prepared.at(-1)).toBe('market:PERP_ETHFI_USDC');
    expect(new Set(prepared)).not.toContain('command:settings.open');
  });
});

