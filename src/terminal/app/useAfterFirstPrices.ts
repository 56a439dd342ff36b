import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { marketsKeys } from '../features/markets';

/**
 * Whether the first answer of the markets feed (prices or an error) has come. Read from the query
 * cache as a yes or no, so that the components asking re-render once, not on every poll.
 */
function useFirstPricesSettled(): boolean {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  return useSyncExternalStore(subscribe, () => {
    const state = client.getQueryState(marketsKeys.futures());
    return state !== undefined && (state.data !== undefined || state.error !== null);
  });
}

/**
 * True once the first prices are on screen, or have failed: code that is not needed for them (the
 * dock, the hotkeys, the palette, the settings) is fetched and parsed from then on, so it never
 * competes with them for the one main thread.
 */
export function useAfterFirstPrices(): boolean {
  const settled = useFirstPricesSettled();
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (after) return;
    // A frame for the first rows to paint, then the rest; never later than 3 s whatever the feed does.
    const start = () => setAfter(true);
    const late = setTimeout(start, 3000);
    let frame = 0;
    if (settled) frame = requestAnimationFrame(() => setTimeout(start, 0));
    return () => {
      clearTimeout(late);
      cancelAnimationFrame(frame);
    };
  }, [settled, after]);
  return after;
}
