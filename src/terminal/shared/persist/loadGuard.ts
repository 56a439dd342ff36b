/**
 * A stored value that makes the page fail as it opens would fail every later open too: the
 * terminal would be lost until the browser's site data is cleared. So the page remembers what it
 * is loading. Before a guarded value is first read in a page, a mark is written beside it; once the
 * page has run a few seconds (or is left) without an uncaught error, the mark is taken away. A mark
 * still there at the next open means the value was being loaded when the page last failed (threw,
 * hung or crashed): it is set aside, kept under another key where it can be recovered, and the
 * defaults are used with a notice.
 */

/** How long a page runs without an uncaught error before what it loaded is known to be good. */
const SETTLE_MS = 3000;

export const loadingKey = (name: string) => `${name}.loading`;
export const setAsideKey = (name: string) => `${name}.set-aside`;

const firstReads = new Set<string>();
let failed = false;
let listening = false;

function listenForFailures(): void {
  if (listening) return;
  listening = true;
  // Script errors only: a failed image or script load does not reach window's bubbling listeners.
  window.addEventListener('error', () => {
    failed = true;
  });
}

function settleLater(name: string): void {
  listenForFailures();
  const settle = () => {
    if (!failed) localStorage.removeItem(loadingKey(name));
  };
  setTimeout(settle, SETTLE_MS);
  window.addEventListener('pagehide', settle, { once: true });
}

/**
 * Called with the stored text before it is read. The first read of `name` in this page: when the
 * last page was still loading it, the text is moved aside and 'set-aside' is returned (the caller
 * reads nothing); otherwise the mark is written. Later reads in the same page (another tab wrote
 * the value) are not guarded: this page is running.
 */
export function guardLoad(name: string, raw: string | null): 'load' | 'set-aside' {
  if (firstReads.has(name)) return 'load';
  firstReads.add(name);
  if (raw === null) return 'load';
  if (localStorage.getItem(loadingKey(name)) !== null) {
    localStorage.removeItem(name);
    localStorage.removeItem(loadingKey(name));
    try {
      localStorage.setItem(setAsideKey(name), raw);
    } catch {
      // No room to keep it (its own room was just freed, so this is rare): it is still not loaded.
    }
    return 'set-aside';
  }
  try {
    localStorage.setItem(loadingKey(name), new Date().toISOString());
  } catch {
    // No room for the mark: the value is loaded unguarded rather than not at all.
    return 'load';
  }
  settleLater(name);
  return 'load';
}

/** Whether `error` is the browser saying its storage is full. */
export const isQuotaError = (error: unknown) =>
  error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');
