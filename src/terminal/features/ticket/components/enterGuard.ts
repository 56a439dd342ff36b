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

/** Whether a confirmation opening now was opened by an Enter pressed a moment ago. */
export const openedByEnter = (): boolean => performance.now() - lastEnterAt < 200;
