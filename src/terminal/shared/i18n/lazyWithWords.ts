import { lazy } from 'react';
import { loadAllWords } from './i18n';

/**
 * React's `lazy` for a chunk the first screen does not carry: its code and its words come
 * together, so nothing it renders waits on a word. The words of the code loaded so far are
 * fetched beside the code; once the code has run (and listed its own words), the part of the
 * catalogue it alone uses, if any, is fetched before it renders. The only `lazy` of the terminal
 * (a unit test holds it so).
 */
export const lazyWithWords: typeof lazy = (load) =>
  lazy(() => Promise.all([load(), loadAllWords()]).then(([module]) => loadAllWords().then(() => module)));
