import { t } from '@lingui/core/macro';
import { useCallback, useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { DataGrid, type GridColumn } from '@/terminal/shared/ui/grid/DataGrid';
import type { MarketRow } from '../model/marketRow';
import { bestMatch, searchMarkets } from '../model/search';
import { useFavorites, useMarketSearch, useMarketsActions } from '../store';
import { marketColumns } from './columns';
import { useMarketsCommands, useWholePriceColumns } from './MarketsTable.script';
import '../markets.css';

export interface MarketsTableProps {
  rows: readonly MarketRow[] | undefined;
  selectedSymbol: string | undefined;
  onSelect: (symbol: string) => void;
  /** The prices are not live: shown greyed, never as if they were. */
  stale?: boolean;
  /** Taller rows where they are tapped with a finger (the phone layout). */
  rowHeight?: number;
  /** Shown in the toolbar, after the search: the feed's freshness. */
  status?: ReactNode;
}

const EMPTY: MarketRow[] = [];
const rowId = (row: MarketRow) => row.symbol;
const rowData = (row: MarketRow) => ({ 'data-symbol': row.symbol });

/** The pin of a row: its own button, out of the tab order (the grid is one tab stop; F pins). */
function favoriteColumn(pinned: ReadonlySet<string>, toggleFavorite: (symbol: string) => void): GridColumn<MarketRow> {
  return {
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
  };
}

/** Every market: searchable (Enter opens the best match), favorites pinned on top, sortable by every column, virtualized. */
export function MarketsTable({ rows, selectedSymbol, onSelect, stale, rowHeight, status }: MarketsTableProps) {
  const locale = useLocale();
  const favorites = useFavorites();
  const search = useMarketSearch();
  const { toggleFavorite, setSearch } = useMarketsActions();
  const pinned = useMemo(() => new Set(favorites), [favorites]);
  const shown = useMemo(() => searchMarkets(rows ?? EMPTY, search), [rows, search]);
  const searchRef = useMarketsCommands({ rows: shown, pinned, selectedSymbol, onSelect, toggleFavorite });

  const ownColumns = useMemo(
    () => marketColumns(),
    // The columns' titles are in the active language: built again when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale is not read, but the t`` calls depend on it
    [locale],
  );
  const priceColumns = useWholePriceColumns(ownColumns, rows ?? EMPTY);
  const onRowKey = useCallback(
    (row: MarketRow, key: string) => {
      if (key !== 'f' && key !== 'F') return false;
      toggleFavorite(row.symbol);
      return true;
    },
    [toggleFavorite],
  );
  const columns = useMemo<GridColumn<MarketRow>[]>(
    () => [favoriteColumn(pinned, toggleFavorite), ...priceColumns],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale is not read, but the t`` calls depend on it
    [pinned, toggleFavorite, priceColumns, locale],
  );
  const openBestMatch = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    const match = bestMatch(rows ?? EMPTY, search, pinned);
    if (!match) return;
    event.preventDefault();
    onSelect(match.symbol);
  };

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
        <>
          <input
            ref={searchRef}
            type="search"
            className="input input--search"
            placeholder={t`Search markets (/)`}
            aria-label={t`Search markets`}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={openBestMatch}
          />
          {status}
        </>
      }
    />
  );
}
