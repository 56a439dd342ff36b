/** A box on screen, in px from the viewport's top left. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * What a toast must never hide: the top bar, the ticket's header (its market and mark), its orders
 * and send bar (what will be sent), the newest orders (the table is newest first: its header and
 * first rows), and a phone's tab bar and trade buttons.
 */
export const TOAST_AVOID = [
  '.topbar',
  '.panel.ticket > .panel__head',
  '.panel.ticket .ticket-rows',
  '.panel.ticket .submit',
  '.phone__sheet-head',
  '.phone__tabs',
  '.phone__trade',
  '.orders .grid__head',
  '.orders tbody tr:nth-child(-n+3)',
  '[data-toast-avoid]',
].join(', ');

const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top));

/**
 * Where the toasts go: the first of the corners (bottom start, bottom end, top end, top start),
 * then the middle of the bottom and of the top, that hides nothing of `avoid`; else the one that
 * hides least. `rtl` mirrors start and end.
 */
export function placeToaster(view: { width: number; height: number }, size: { width: number; height: number }, avoid: readonly Box[], margin: number, rtl = false): { left: number; top: number } {
  const width = Math.min(size.width, view.width - 2 * margin);
  const start = rtl ? view.width - margin - width : margin;
  const end = rtl ? margin : view.width - margin - width;
  const middle = (view.width - width) / 2;
  const bottom = view.height - margin - size.height;
  const candidates = [
    { left: start, top: bottom },
    { left: end, top: bottom },
    { left: end, top: margin },
    { left: start, top: margin },
    { left: middle, top: bottom },
    { left: middle, top: margin },
  ];
  let best = candidates[0]!;
  let least = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const box = { ...candidate, width, height: size.height };
    const hidden = avoid.reduce((sum, other) => sum + overlap(box, other), 0);
    if (hidden === 0) return candidate;
    if (hidden < least) [best, least] = [candidate, hidden];
  }
  return best;
}
