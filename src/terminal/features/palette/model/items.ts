import { fuzzyScore } from './fuzzy';

/** One line of the palette: a market to trade or a command to run. */
export interface PaletteItem {
  id: string;
  title: string;
  group: string;
  keywords?: readonly string[];
  run(): void;
  /** Called when the item is highlighted, before Enter: see Command.prepare. */
  prepare?(): void;
}

/** How much a recent use lifts an item: the last one used above any merely better-spelled match. */
const RECENT_BONUS = 400;
/** What the palette lists at most: enough to pick from, few enough to render at once. */
export const MAX_SHOWN = 50;

/**
 * The items matching the query, best first; recently used ones first of all (the most recent
 * first) and, with no query, only the order they came in after them.
 */
export function rankItems(items: readonly PaletteItem[], query: string, recent: readonly string[]): PaletteItem[] {
  const scored: { item: PaletteItem; score: number; index: number }[] = [];
  items.forEach((item, index) => {
    const texts = [item.title, ...(item.keywords ?? [])];
    const scores = texts.map((text) => fuzzyScore(query, text)).filter((score) => score !== undefined);
    if (scores.length === 0) return;
    const used = recent.indexOf(item.id);
    const lift = used < 0 ? 0 : RECENT_BONUS + (recent.length - used);
    scored.push({ item, score: Math.max(...scores) + lift, index });
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.slice(0, MAX_SHOWN).map(({ item }) => item);
}
