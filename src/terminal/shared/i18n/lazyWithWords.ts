import { lazy } from 'react';
import { loadAllWords } from './i18n';

/**
 * React's `lazy` for a chunk the first screen does not carry: its code and the English words
 * beyond the first load come together, so nothing it renders waits on a word. The only `lazy` of
 * the terminal (a unit test holds it so).
 */
export const lazyWithWords: typeof lazy = (load) =>
  lazy(() => Promise.all([load(), loadAllWords()]).then(([module]) => module));
