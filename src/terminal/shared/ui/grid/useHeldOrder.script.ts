import { useCallback, useMemo, useRef, useState, type FocusEvent } from 'react';
import type { OrderedRow } from './useGridViewport.script';

/** Why the order of the rows holds still: the pointer is over them, or a row has the focus. */
export type HoldReason = 'pointer' | 'focus' | null;

/**
 * Where the trader is in the grid: pointer over it, or keyboard focus inside it (focus a click
 * left behind does not count, or a clicked grid would hold until the focus went elsewhere).
 * Changes only on entering and leaving, never on a poll.
 */
export function useHoldReason(enabled: boolean) {
  const [pointer, setPointer] = useState(false);
  const [keyboard, setKeyboard] = useState(false);
  const pressing = useRef(false);
  const handlers = {
    onPointerEnter: useCallback(() => setPointer(true), []),
    onPointerLeave: useCallback(() => setPointer(false), []),
    onPointerDown: useCallback(() => {
      pressing.current = true;
      setKeyboard(false);
    }, []),
    onPointerUp: useCallback(() => {
      pressing.current = false;
    }, []),
    onKeyDown: useCallback(() => setKeyboard(true), []),
    onFocus: useCallback(() => {
      if (!pressing.current) setKeyboard(true);
    }, []),
    onBlur: useCallback((event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setKeyboard(false);
    }, []),
  };
  const reason: HoldReason = !enabled ? null : pointer ? 'pointer' : keyboard ? 'focus' : null;
  return { reason, handlers: enabled ? handlers : undefined };
}

/** The rows in the order of `held`, with their latest values; rows that are new go last. */
function inHeldOrder<T>(held: readonly string[], ordered: readonly OrderedRow<T>[]): readonly OrderedRow<T>[] {
  const byId = new Map(ordered.map((row) => [row.id, row]));
  const kept: OrderedRow<T>[] = [];
  for (const id of held) {
    const row = byId.get(id);
    if (row) {
      kept.push(row);
      byId.delete(id);
    }
  }
  return [...kept, ...byId.values()];
}

/**
 * While `held`, the rows keep the order they had when the hold began: a poll updates their values
 * but does not move them, so a click lands on the market the pointer is on. Rows that left go. A
 * new `arrangement` (a new sort, a new pin: a new object) reorders at once: the trader asked.
 */
export function useHeldOrder<T>(ordered: readonly OrderedRow<T>[], held: boolean, arrangement: object): readonly OrderedRow<T>[] {
  const [snapshot, setSnapshot] = useState<{ ids: readonly string[]; arrangement: object } | null>(null);
  const holding = held && snapshot !== null && snapshot.arrangement === arrangement;
  // Adjusted while rendering (React's pattern for state that follows props): no extra commit.
  if (held && !holding) setSnapshot({ ids: ordered.map((row) => row.id), arrangement });
  else if (!held && snapshot !== null) setSnapshot(null);
  const ids = holding ? snapshot.ids : undefined;
  return useMemo(() => (ids ? inHeldOrder(ids, ordered) : ordered), [ids, ordered]);
}
