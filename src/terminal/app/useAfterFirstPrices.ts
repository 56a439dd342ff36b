import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { marketsKeys } from '../features/markets';

const FUTURES_HASH = hashKey(marketsKeys.futures());

/**
 * Whether the first answer of the markets feed (prices or an error) has come. Read from the query
 * cache as a yes or no, so that the components asking re-render once, not on every poll; once it
 * has come the cache is no longer watched (it changes many times a poll).
 */
function useFirstPricesSettled(): boolean {
  const client = useQueryClient();
  const read = useCallback(() => {
    const state = client.getQueryState(marketsKeys.futures());
    return state !== undefined && (state.data !== undefined || state.error !== null);
  }, [client]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (read()) return () => {};
      const stop = client.getQueryCache().subscribe((event) => {
        if (event.query.queryHash !== FUTURES_HASH) return;
        onChange();
        if (read()) stop();
      });
      return stop;
    },
    [client, read],
  );
  return useSyncExternalStore(subscribe, read);
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
