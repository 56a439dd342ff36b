import { lazy } from 'react';
import { loadAllWords, wordsRetryIn } from './i18n';

/**
 * The words of the code loaded so far, asked for again until they come. React's `lazy` keeps a
 * rejection for good, and a lazy chunk outside a panel's boundary (a menu's body, the phone
 * layout) would take the whole terminal down with it: a part whose fetch failed (the network a
 * moment away) is fetched again (loadPart forgets a failure), the chunk's fallback showing meanwhile.
 */
function wordsReady(attempt = 0): Promise<void> {
  return loadAllWords().catch(
    () =>
      new Promise<void>((resolve) => {
        setTimeout(resolve, wordsRetryIn(attempt));
      }).then(() => wordsReady(attempt + 1)),
  );
}

/**
 * React's `lazy` for a chunk the first screen does not carry: its code and its words come
 * together, so nothing it renders waits on a word. The words of the code loaded so far are
 * fetched beside the code; once the code has run (and listed its own words), the part of the
 * catalogue it alone uses, if any, is fetched before it renders. A failed fetch of words is tried
 * again (wordsReady), never left to `lazy`. The only `lazy` of the terminal (a unit test holds it so).
 */
export const lazyWithWords: typeof lazy = (load) =>
  lazy(() => Promise.all([load(), wordsReady()]).then(([module]) => wordsReady().then(() => module)));
