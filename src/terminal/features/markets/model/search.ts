import type { MarketRow } from './marketRow';

/** Markets whose symbol or base asset contains the text, case-insensitive; all for empty text. */
export function searchMarkets(rows: readonly MarketRow[], text: string): readonly MarketRow[] {
  const needle = text.trim().toUpperCase();
  if (!needle) return rows;
  return rows.filter((row) => row.symbol.includes(needle) || row.base.includes(needle));
}

/**
 * The market Enter in the search opens: the one whose base is the text ("ETH", not "ETHFI"), else
 * the first whose base starts with it, else the first listed (pinned markets are listed first).
 */
export function bestMatch(rows: readonly MarketRow[], text: string, pinned: ReadonlySet<string>): MarketRow | undefined {
  const found = searchMarkets(rows, text);
  const needle = text.trim().toUpperCase();
  const listed = [...found.filter((row) => pinned.has(row.symbol)), ...found.filter((row) => !pinned.has(row.symbol))];
  return listed.find((row) => row.base === needle) ?? listed.find((row) => row.base.startsWith(needle)) ?? listed[0];
}
