import { useEffect, useMemo, useRef } from 'react';
import { figureWidth, nameWidth } from '@/terminal/shared/ui/grid/contentWidth';
import type { GridColumn } from '@/terminal/shared/ui/grid/DataGrid';
import type { MarketRow } from '../model/marketRow';
import { longestBase, PRICE_FIELDS, widestPrices } from '../model/priceWidths';

/** " USDC perp" after the base, in its smaller type, and the gap before it. */
const QUOTE_PX = 72;

/** Whether a key press is typing (in a field), which a shortcut must leave alone. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** `/` anywhere but in a field puts the cursor in the market search, as on most trading sites. */
export function useSearchShortcut() {
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      searchRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
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
