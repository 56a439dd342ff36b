import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { OrderedRow } from './useGridViewport.script';

/** A key the caller gives a meaning on a row (F pins a market); true when it took the key. */
export type RowKeyHandler<T> = (row: T, key: string) => boolean;

/** Where Up, Down, Home and End take the focus from row `index` of `count`. */
function targetIndex(key: string, index: number, count: number): number | undefined {
  const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: count - 1 };
  const target = moves[key];
  return target === undefined ? undefined : Math.max(0, Math.min(count - 1, target));
}

/**
 * What a row does on a click and on its keys: Enter or Space activates it, the arrows, Home and End
 * move the focus (scrolling it into view). The rows are one tab stop (roving focus): the row that
 * last had the focus takes it back. Rows skip renders (see GridRow), so these handlers are stable
 * and read the latest rows and handler.
 */
export function useGridKeyboard<T>(
  ordered: readonly OrderedRow<T>[],
  onActivate: ((row: T) => void) | undefined,
  virtualizer: Pick<Virtualizer<HTMLDivElement, Element>, 'scrollToIndex'>,
  scrollRef: RefObject<HTMLDivElement | null>,
  onKey?: RowKeyHandler<T>,
) {
  const [focusedId, setFocusedId] = useState<string | undefined>(undefined);
  const latest = useRef({ ordered, onActivate, virtualizer, onKey });
  // Set as the render commits, before any event can reach the rows it rendered.
  useLayoutEffect(() => {
    latest.current = { ordered, onActivate, virtualizer, onKey };
  });
  const activate = useCallback((rowId: string) => {
    const { ordered: rows, onActivate: handler } = latest.current;
    const row = rows.find((item) => item.id === rowId);
    if (row && handler) handler(row.original);
  }, []);
  const onRowKey = useCallback(
    (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
      const { ordered: rows, onActivate: handler, virtualizer: scroller, onKey: extra } = latest.current;
      const row = rows[index];
      if (event.target !== event.currentTarget) return;
      if ((event.key === 'Enter' || event.key === ' ') && row && handler) {
        event.preventDefault();
        handler(row.original);
        return;
      }
      if (row && extra && !event.ctrlKey && !event.metaKey && !event.altKey && extra(row.original, event.key)) {
        event.preventDefault();
        return;
      }
      const next = targetIndex(event.key, index, rows.length);
      if (next === undefined) return;
      event.preventDefault();
      const nextId = rows[next]?.id;
      setFocusedId(nextId);
      scroller.scrollToIndex(next);
      requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${next}"]`)?.focus());
    },
    [scrollRef],
  );
  return { activate, onRowKey, focusedId, onRowFocus: setFocusedId };
}
