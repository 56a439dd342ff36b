/**
 * The first answer of /v1/public/futures, fetched by the page's inline first-rows script (see
 * firstRows.inline.ts) while the terminal's code still loads: the terminal's first poll takes it
 * instead of asking again, and checks it against the same schema as any other answer.
 */
export interface FirstFutures {
  /** This browser's clock when the fetch started. */
  startedAt: number;
  /** The parsed body of a 2xx answer; undefined for any other answer or a failed fetch. */
  body: Promise<unknown>;
}

declare global {
  interface Window {
    __firstFutures?: FirstFutures;
    /** Set by the first-rows script as it starts: it runs once, inline or from its file. */
    __firstRowsRan?: boolean;
  }
}

/** Older than this, the hand-over is not taken: the first poll asks for fresh prices. */
export const FIRST_FUTURES_MAX_AGE_MS = 2000;

/**
 * The hand-over, once: undefined when there is none, when it is too old, or when it is taken
 * already (every later poll asks the proxy).
 */
export function takeFirstFutures(now = Date.now()): Promise<unknown> | undefined {
  if (typeof window === 'undefined') return undefined;
  const first = window.__firstFutures;
  delete window.__firstFutures;
  if (!first || now - first.startedAt > FIRST_FUTURES_MAX_AGE_MS) return undefined;
  return first.body;
}
