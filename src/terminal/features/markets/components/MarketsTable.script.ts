import { t } from '@lingui/core/macro';
import { useEffect, useMemo, useRef } from 'react';
import { useRegisterCommands, type Command } from '@/terminal/shared/commands/registry';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { figureWidth, nameWidth } from '@/terminal/shared/ui/grid/contentWidth';
import type { GridColumn } from '@/terminal/shared/ui/grid/DataGrid';
import type { MarketRow } from '../model/marketRow';
import { longestBase, PRICE_FIELDS, widestPrices } from '../model/priceWidths';

/** The quote after the base is read, not drawn (it is the same on every row): no room for it. */
const QUOTE_PX = 0;

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
  const locale = useLocale();
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
    const group = t({ message: 'Markets', context: 'command group' });
    return [
      { id: 'markets.search', title: t`Search markets`, group, keywords: ['find'], run: () => searchRef.current?.focus() },
      { id: 'markets.previous', title: t`Previous market`, group, run: () => step(-1) },
      { id: 'markets.next', title: t`Next market`, group, run: () => step(1) },
      {
        id: 'markets.favorite',
        title: t`Pin or unpin the market`,
        group,
        keywords: ['favourite', 'favorite', 'star'],
        run: () => {
          const symbol = latest.current.selectedSymbol;
          if (symbol) toggleFavorite(symbol);
        },
      },
    ];
    // The titles are in the active language: they are built again when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale is not read, but the t`` calls depend on it
  }, [toggleFavorite, locale]);
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
