import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { OrderedRow } from './useGridViewport.script';

/**
 * What a row does on a click and on its keys: Enter or Space activates it, the arrows move the
 * focus a row up or down (scrolling it into view). Rows skip renders (see GridRow), so these
 * handlers are stable and read the latest rows and handler.
 */
export function useGridKeyboard<T>(
  ordered: readonly OrderedRow<T>[],
  onActivate: ((row: T) => void) | undefined,
  virtualizer: Pick<Virtualizer<HTMLDivElement, Element>, 'scrollToIndex'>,
  scrollRef: RefObject<HTMLDivElement | null>,
) {
  const latest = useRef({ ordered, onActivate, virtualizer });
  // Set as the render commits, before any event can reach the rows it rendered.
  useLayoutEffect(() => {
    latest.current = { ordered, onActivate, virtualizer };
  });
  const activate = useCallback((rowId: string) => {
    const { ordered: rows, onActivate: handler } = latest.current;
    const row = rows.find((item) => item.id === rowId);
    if (row && handler) handler(row.original);
  }, []);
  const onRowKey = useCallback(
    (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
      const { ordered: rows, onActivate: handler, virtualizer: scroller } = latest.current;
      const row = rows[index];
      if ((event.key === 'Enter' || event.key === ' ') && row && handler) {
        event.preventDefault();
        handler(row.original);
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const next = Math.max(0, Math.min(rows.length - 1, index + (event.key === 'ArrowDown' ? 1 : -1)));
        scroller.scrollToIndex(next);
        requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${next}"]`)?.focus());
      }
    },
    [scrollRef],
  );
  return { activate, onRowKey };
}
