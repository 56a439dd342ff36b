import { useEffect, useState, type KeyboardEvent } from 'react';

/**
 * When the page last saw Enter go down (performance.now()), read before any handler runs: a
 * confirmation can tell whether the Enter that opened it was pressed just now.
 */
let lastEnterAt = Number.NEGATIVE_INFINITY;
if (typeof window !== 'undefined') {
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Enter') lastEnterAt = performance.now();
    },
    true,
  );
}

/**
 * How long a confirmation opened by Enter takes no Enter. A second press that quick (a double
 * press, or a held key) is not the trader having read it: it once sent ten times the quantity
 * meant, past the very warning the confirmation was there to show.
 */
export const CONFIRM_SETTLE_MS = 500;

/** A fresh page's memory of Enter (tests: each starts as a new page would, not 200 ms after the last one's Enter). */
export function forgetEnter(): void {
  lastEnterAt = Number.NEGATIVE_INFINITY;
}

/** Whether a confirmation opening now was opened by an Enter pressed a moment ago. */
export const openedByEnter = (): boolean => performance.now() - lastEnterAt < 200;

/**
 * Whether a confirmation shown now (`open`) is still settling: it was opened by an Enter pressed
 * a moment ago, and for CONFIRM_SETTLE_MS an Enter must not answer it. Clicks are not held back.
 */
export function useEnterSettling(open: boolean): boolean {
  const [settling, setSettling] = useState(() => open && openedByEnter());
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    setSettling(open && openedByEnter());
  }
  useEffect(() => {
    if (!settling) return;
    const timer = setTimeout(() => setSettling(false), CONFIRM_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [settling]);
  return settling;
}

/** An Enter a settling confirmation must not take (a held key's repeats never): its default is prevented. */
export function holdBackEnter(event: KeyboardEvent, settling: boolean): boolean {
  if (event.key !== 'Enter' || !(event.repeat || settling)) return false;
  event.preventDefault();
  return true;
}
