import type { MarketRow } from './marketRow';

/** Markets whose symbol or base asset contains the text, case-insensitive; all for empty text. */
export function searchMarkets(rows: readonly MarketRow[], text: string): readonly MarketRow[] {
  const needle = text.trim().toUpperCase();
  if (!needle) return rows;
  return rows.filter((row) => row.symbol.includes(needle) || row.base.includes(needle));
}
