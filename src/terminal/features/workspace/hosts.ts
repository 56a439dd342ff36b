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
 * Reads where the host's boxes are scrolled, just before it leaves the page: a scroll made in this
 * very frame has not sent its event yet (the dock arriving right after a first scroll of the
 * markets lost it). Layout changes are rare, so reading every box then is cheap enough.
 */
function keepScrollPositions(id: string, host: HTMLElement): void {
  const positions = scrolled.get(id);
  if (!positions || !host.isConnected) return;
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
