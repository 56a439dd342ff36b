import { t } from '@lingui/core/macro';
import { useCallback, useMemo } from 'react';
import { fixedPlain } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { DataGrid, type GridColumn } from '@/terminal/shared/ui/grid/DataGrid';
import type { MarketRow } from '../model/marketRow';
import { searchMarkets } from '../model/search';
import { useFavorites, useMarketSearch, useMarketsActions } from '../store';
import { marketColumns } from './columns';
import { useMarketsCommands, useWholePriceColumns } from './MarketsTable.script';
import '../markets.css';

export interface MarketsTableProps {
  rows: readonly MarketRow[] | undefined;
  selectedSymbol: string | undefined;
  onSelect: (symbol: string) => void;
  /** A price clicked: its symbol and the price as the ticket takes it ("100012.5"). */
  onPickPrice?: (symbol: string, price: string) => void;
  /** The prices are not live: shown greyed, never as if they were. */
  stale?: boolean;
  /** Taller rows where they are tapped with a finger (the phone layout). */
  rowHeight?: number;
}

const EMPTY: MarketRow[] = [];
const rowId = (row: MarketRow) => row.symbol;
const rowData = (row: MarketRow) => ({ 'data-symbol': row.symbol });

/** Every market: searchable, favorites pinned on top, sortable by every column, virtualized. */
export function MarketsTable({ rows, selectedSymbol, onSelect, onPickPrice, stale, rowHeight }: MarketsTableProps) {
  const locale = useLocale();
  const favorites = useFavorites();
  const search = useMarketSearch();
  const { toggleFavorite, setSearch } = useMarketsActions();
  const pinned = useMemo(() => new Set(favorites), [favorites]);
  const shown = useMemo(() => searchMarkets(rows ?? EMPTY, search), [rows, search]);
  const searchRef = useMarketsCommands({ rows: shown, pinned, selectedSymbol, onSelect, toggleFavorite });

  const pickColumns = useMemo(
    () =>
      marketColumns(
        onPickPrice ? (symbol, price, decimals) => onPickPrice(symbol, fixedPlain(price, decimals)) : undefined,
      ),
    // The columns' titles are in the active language: built again when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale is not read, but the t`` calls depend on it
    [onPickPrice, locale],
  );
  const priceColumns = useWholePriceColumns(pickColumns, rows ?? EMPTY);
  const onRowKey = useCallback(
    (row: MarketRow, key: string) => {
      if (key !== 'f' && key !== 'F') return false;
      toggleFavorite(row.symbol);
      return true;
    },
    [toggleFavorite],
  );
  const columns = useMemo<GridColumn<MarketRow>[]>(
    () => [
      {
        id: 'favorite',
        title: '★',
        tooltip: t`Favorites stay on top`,
        width: 30,
        hideable: false,
        cellKey: (row) => row.symbol,
        cell: (row) => {
          const on = pinned.has(row.symbol);
          const { base } = row;
          return (
            <button
              type="button"
              className={`star ${on ? 'star--on' : ''}`}
              aria-pressed={on}
              aria-label={on ? t`Unpin ${base}` : t`Pin ${base}`}
              title={on ? t`Unpin (F on the row)` : t`Pin to the top (F on the row)`}
              // The grid is one tab stop; F on a row pins it.
              tabIndex={-1}
              onClick={(event) => {
                event.stopPropagation();
                toggleFavorite(row.symbol);
              }}
            >
              {on ? '★' : '☆'}
            </button>
          );
        },
      },
      ...priceColumns,
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale is not read, but the t`` calls depend on it
    [pinned, toggleFavorite, priceColumns, locale],
  );

  return (
    <DataGrid
      tableId="markets"
      label={t`Markets`}
      columns={columns}
      rows={shown}
      rowId={rowId}
      rowData={rowData}
      pinnedIds={pinned}
      selectedId={selectedSymbol}
      onActivate={(row) => onSelect(row.symbol)}
      onRowKey={onRowKey}
      holdOrder
      stale={stale}
      rowHeight={rowHeight}
      empty={search ? t`No market matches “${search}”.` : t`No markets.`}
      toolbar={
        <input
          ref={searchRef}
          type="search"
          className="input input--search"
          placeholder={t`Search markets (/)`}
          aria-label={t`Search markets`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      }
    />
  );
}
