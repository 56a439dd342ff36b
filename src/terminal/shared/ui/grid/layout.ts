/**
 * How a trader arranged a table: column order, hidden columns, widths and sort. Saved per table;
 * merged with the columns the table has now, so a config that adds or removes columns keeps the
 * rest of the arrangement instead of breaking it.
 */
export interface ColumnSort {
  id: string;
  desc: boolean;
}

export interface TableLayout {
  order: string[];
  hidden: string[];
  widths: Record<string, number>;
  sort: ColumnSort | null;
}

export interface LayoutColumn {
  id: string;
  width: number;
  /** Hidden until the trader shows it. */
  hiddenByDefault?: boolean;
}

export function defaultLayout(columns: readonly LayoutColumn[], sort: ColumnSort | null = null): TableLayout {
  return {
    order: columns.map((column) => column.id),
    hidden: columns.filter((column) => column.hiddenByDefault).map((column) => column.id),
    widths: {},
    sort,
  };
}

/**
 * The saved layout applied to today's columns: unknown ids are dropped, new columns take their
 * place after the column they follow by default (or first, when nothing they follow is left).
 */
export function mergeLayout(
  saved: TableLayout | undefined,
  columns: readonly LayoutColumn[],
  defaultSort: ColumnSort | null = null,
): TableLayout {
  if (!saved) return defaultLayout(columns, defaultSort);
  const ids = new Set(columns.map((column) => column.id));
  const order = saved.order.filter((id) => ids.has(id));
  const known = new Set(order);
  columns.forEach((column, index) => {
    if (known.has(column.id)) return;
    let at = 0;
    for (let i = index - 1; i >= 0; i--) {
      const before = order.indexOf(columns[i]!.id);
      if (before !== -1) {
        at = before + 1;
        break;
      }
    }
    order.splice(at, 0, column.id);
    known.add(column.id);
  });
  const savedIds = new Set(saved.order);
  const hidden = [
    ...saved.hidden.filter((id) => ids.has(id)),
    ...columns.filter((column) => column.hiddenByDefault && !savedIds.has(column.id)).map((column) => column.id),
  ];
  const widths = Object.fromEntries(Object.entries(saved.widths).filter(([id]) => ids.has(id)));
  const sort = saved.sort && ids.has(saved.sort.id) ? saved.sort : saved.sort === null ? null : defaultSort;
  return { order, hidden, widths, sort };
}

/** Moves a column before another (drag and drop), or by one place (keyboard). */
export function moveColumn(order: readonly string[], id: string, target: string | -1 | 1): string[] {
  const next = order.filter((item) => item !== id);
  const from = order.indexOf(id);
  if (from === -1) return [...order];
  let at: number;
  if (target === -1 || target === 1) at = Math.max(0, Math.min(next.length, from + target));
  else {
    at = next.indexOf(target);
    if (at === -1) return [...order];
    if (order.indexOf(target) > from) at += 1;
  }
  next.splice(at, 0, id);
  return next;
}
