import { useSyncExternalStore } from 'react';

const TOKEN = '--grid-row-height';
/** Where no style applies (a test's document): the comfortable row. */
const FALLBACK_PX = 28;

function readRowHeight(): number {
  const value = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue(TOKEN));
  return Number.isFinite(value) && value > 0 ? value : FALLBACK_PX;
}

/**
 * The token read once per density: a grid renders on every poll, and a computed style read in
 * render would force the page's styles to be worked out then. Keyed on the attribute (a cheap
 * read), so a density changed while no grid was on screen is not missed.
 */
let cached: { density: string | null; px: number } | undefined;
function current(): number {
  const density = document.documentElement.getAttribute('data-density');
  if (cached?.density !== density) cached = { density, px: readRowHeight() };
  return cached.px;
}

/** The settings change density by an attribute on <html>; the token's value follows it. */
function subscribe(changed: () => void): () => void {
  const watch = new MutationObserver(changed);
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
