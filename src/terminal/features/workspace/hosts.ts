/**
 * Each panel renders once, into a box of its own (its host), which the layouts move between their
 * slots: the dock's groups, the phone's view, the ticket sheet. Moving a box keeps the panel's
 * React state (the ticket's focus, a table's sort), and the scroll positions are put back after
 * the move, which the browser resets when an element leaves the page.
 */
const hosts = new Map<string, HTMLDivElement>();
const scrolled = new Map<string, Map<Element, readonly [number, number]>>();

export function hostOf(id: string): HTMLDivElement {
  let host = hosts.get(id);
  if (!host) {
    host = document.createElement('div');
    host.className = 'panel-host';
    host.dataset.panel = id;
    const positions = new Map<Element, readonly [number, number]>();
    scrolled.set(id, positions);
    // Scroll events do not bubble; they are seen on the way down.
    host.addEventListener(
      'scroll',
      (event) => {
        const target = event.target;
        if (target instanceof Element && host?.isConnected) positions.set(target, [target.scrollTop, target.scrollLeft]);
      },
      { capture: true, passive: true },
    );
    hosts.set(id, host);
  }
  return host;
}

/**
 * When the page last had an input the browser scrolls for. A scroll sends its event a frame later,
 * so for a moment after one the positions the events gave may be behind.
 */
let lastScrollInput = Number.NEGATIVE_INFINITY;
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', ' ']);
const RECENT_MS = 250;

function watchScrollInputs(): void {
  const saw = () => {
    lastScrollInput = performance.now();
  };
  const options = { capture: true, passive: true };
  window.addEventListener('wheel', saw, options);
  window.addEventListener('touchmove', saw, options);
  // A held button: a scroll bar dragged, or text selected past the edge.
  window.addEventListener('pointermove', (event) => event.buttons !== 0 && saw(), options);
  window.addEventListener('keydown', (event) => SCROLL_KEYS.has(event.key) && saw(), options);
}
if (typeof window !== 'undefined') watchScrollInputs();

/**
 * Reads where the host's boxes are scrolled, just before it leaves the page, when a scroll may have
 * been made in this very frame without its event yet (the dock arriving right after a first wheel
 * over the markets lost it). Otherwise the events have said it all: reading every box would force a
 * layout in the middle of the move, which cost a workspace switch its frame.
 */
function keepScrollPositions(id: string, host: HTMLElement): void {
  const positions = scrolled.get(id);
  if (!positions || !host.isConnected || performance.now() - lastScrollInput > RECENT_MS) return;
  for (const element of host.querySelectorAll('*')) {
    if (element.scrollTop !== 0 || element.scrollLeft !== 0) positions.set(element, [element.scrollTop, element.scrollLeft]);
    else if (positions.has(element)) positions.set(element, [0, 0]);
  }
}

/** Puts a panel's host into a slot, and its scroll positions back as they were. */
export function placeHost(id: string, slot: HTMLElement): void {
  const host = hostOf(id);
  if (host.parentElement === slot) return;
  keepScrollPositions(id, host);
  slot.appendChild(host);
  for (const [element, [top, left]] of scrolled.get(id) ?? []) {
    if (!host.contains(element)) scrolled.get(id)?.delete(element);
    else element.scrollTo({ top, left, behavior: 'instant' });
  }
}

/** Takes a host out of a slot that goes away (its panel is elsewhere now, or closed). */
export function releaseHost(id: string, slot: HTMLElement): void {
  const host = hosts.get(id);
  if (host?.parentElement !== slot) return;
  keepScrollPositions(id, host);
  slot.removeChild(host);
}
