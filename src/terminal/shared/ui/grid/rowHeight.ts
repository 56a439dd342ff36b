import { useSyncExternalStore } from 'react';

const TOKEN = '--grid-row-height';
/** Where no style applies (a test's document): the comfortable row. */
const FALLBACK_PX = 28;

function readRowHeight(): number {
  const value = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue(TOKEN));
  return Number.isFinite(value) && value > 0 ? value : FALLBACK_PX;
}

/**
 * The token read once, and again only when the density changes: a grid renders on every poll, and
 * a computed style read in render would force the page's styles to be worked out then.
 */
let rowHeight: number | undefined;
const current = () => (rowHeight ??= readRowHeight());

/** The settings change density by an attribute on <html>; the token's value follows it. */
function subscribe(changed: () => void): () => void {
  const watch = new MutationObserver(() => {
    rowHeight = readRowHeight();
    changed();
  });
  watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-density'] });
  return () => watch.disconnect();
}

/**
 * The row height of the theme's density, in pixels: the virtualizer places rows by number, so it
 * reads the same token the rows are styled with.
 */
export function useGridRowHeight(): number {
  return useSyncExternalStore(subscribe, current, () => FALLBACK_PX);
}
