import { useEffect, useMemo, useRef } from 'react';
import { useRegisterCommands, type Command } from '@/terminal/shared/commands/registry';
import { figureWidth, nameWidth } from '@/terminal/shared/ui/grid/contentWidth';
import type { GridColumn } from '@/terminal/shared/ui/grid/DataGrid';
import type { MarketRow } from '../model/marketRow';
import { longestBase, PRICE_FIELDS, widestPrices } from '../model/priceWidths';

/** " USDC perp" after the base, in its smaller type, and the gap before it. */
const QUOTE_PX = 72;

interface MarketsCommandsInput {
  /** The markets in the order the table lists them. */
  rows: readonly MarketRow[];
  pinned: ReadonlySet<string>;
  selectedSymbol: string | undefined;
  onSelect: (symbol: string) => void;
  toggleFavorite: (symbol: string) => void;
}

/**
 * What the keyboard and the palette can do to the markets: search (`/` by default, as on most
 * trading sites), step to the previous or next market, pin the one the ticket is on. Returns the
 * search field's ref.
 */
export function useMarketsCommands({ rows, pinned, selectedSymbol, onSelect, toggleFavorite }: MarketsCommandsInput) {
  const searchRef = useRef<HTMLInputElement>(null);
  const latest = useRef({ rows, pinned, selectedSymbol, onSelect });
  useEffect(() => {
    latest.current = { rows, pinned, selectedSymbol, onSelect };
  });
  const commands = useMemo((): Command[] => {
    const step = (offset: 1 | -1) => {
      const { rows: listed, pinned: favorites, selectedSymbol: symbol, onSelect: select } = latest.current;
      // Pinned markets are on top of the table, so stepping goes through them first.
      const order = [...listed.filter((row) => favorites.has(row.symbol)), ...listed.filter((row) => !favorites.has(row.symbol))];
      if (order.length === 0) return;
      const at = order.findIndex((row) => row.symbol === symbol);
      const next = at < 0 ? (offset > 0 ? 0 : order.length - 1) : (at + offset + order.length) % order.length;
      select((order[next] as MarketRow).symbol);
    };
    return [
      { id: 'markets.search', title: 'Search markets', group: 'Markets', keywords: ['find'], run: () => searchRef.current?.focus() },
      { id: 'markets.previous', title: 'Previous market', group: 'Markets', run: () => step(-1) },
      { id: 'markets.next', title: 'Next market', group: 'Markets', run: () => step(1) },
      {
        id: 'markets.favorite',
        title: 'Pin or unpin the market',
        group: 'Markets',
        keywords: ['favourite', 'favorite', 'star'],
        run: () => {
          const symbol = latest.current.selectedSymbol;
          if (symbol) toggleFavorite(symbol);
        },
      },
    ];
  }, [toggleFavorite]);
  useRegisterCommands(commands);
  return searchRef;
}

/**
 * The price columns as wide as their widest price, so every price shows all its decimals, and the
 * market column as wide as its longest name. The
 * columns stay the same objects while the widest prices keep their length (rows compare them by
 * identity to skip renders).
 */
export function useWholePriceColumns(columns: readonly GridColumn<MarketRow>[], rows: readonly MarketRow[]): GridColumn<MarketRow>[] {
  const widest = widestPrices(rows);
  const base = longestBase(rows);
  return useMemo(() => {
    const chars = new Map<string, number>(widest.split(',').map((count, index) => [PRICE_FIELDS[index]!, Number(count)]));
    return columns.map((column) => {
      if (column.id === 'symbol') return { ...column, width: Math.max(column.width, nameWidth(base, QUOTE_PX)) };
      const count = chars.get(column.id);
      return count === undefined ? column : { ...column, width: Math.max(column.width, figureWidth(count)) };
    });
  }, [columns, widest, base]);
}
