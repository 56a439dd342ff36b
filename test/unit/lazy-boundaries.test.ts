import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/app';

const terminal = join(root, 'src', 'terminal');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = sources(terminal).map((path) => ({ path: relative(root, path), code: readFileSync(path, 'utf8') }));

// A chunk loaded before the rest of the English words could render a word as its id: every chunk
// the first load fetches comes through lazyWithWords, which waits for them.
describe('a lazy chunk of the terminal comes with its words', () => {
  it("React's lazy is used by lazyWithWords alone", () => {
    const users = files.filter(({ code }) => /\blazy\s*\(|\blazy\b[^;]*from 'react'/.test(code)).map(({ path }) => path);
    expect(users).toEqual(['src/terminal/shared/i18n/lazyWithWords.ts']);
  });

  it('a dynamic import is one of a lazyWithWords, or sits where every word is already loaded', () => {
    // i18n.ts loads the catalogues themselves; the paste parser is imported by the ticket, itself
    // a lazy chunk, so the words are there before it can run.
    const allowed = new Set(['src/terminal/shared/i18n/i18n.ts', 'src/terminal/features/ticket/components/PasteOrders.script.ts']);
    const loose = files
      .flatMap(({ path, code }) => code.split('\n').map((line) => ({ path, line })))
      .filter(({ path, line }) => /\bimport\(/.test(line) && !/lazyWithWords\(/.test(line) && !allowed.has(path) && !line.trim().startsWith('//') && !line.trim().startsWith('*'));
    expect(loose).toEqual([]);
  });
});
