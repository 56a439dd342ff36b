import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { messages as english } from '@/terminal/locales/en/messages';
import { messages as german } from '@/terminal/locales/de/messages';
import { positionsOf, type ChunkWords } from '@/terminal/shared/i18n/chunkWords';
import { root } from '../helpers/app';

// `npm test` builds before it runs the tests: this reads the build the proxy serves.
const dist = join(root, 'dist');
const assets = join(dist, 'assets');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const firstScripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g)].map((match) => match[1]!);
const firstCode = firstScripts.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');

/** The first chunk's words and their English: the one slot the build filled in, `[part, gaps, ids, english]`. */
function firstPart(): { chunk: ChunkWords; words: Record<string, unknown> } {
  const literals = [...firstCode.matchAll(/JSON\.parse\(('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`)\)/g)]
    .map((match) => match[1]!)
    // The bundler writes it as whichever JS string literal suits its text (quotes, backticks, escapes):
    // it is read as JavaScript reads it, in a context of its own, then as the JSON it holds.
    .map((literal) => runInNewContext(literal) as string)
    .filter((text) => text.startsWith('["'))
    .map((text) => JSON.parse(text) as unknown[])
    .filter((value) => value.length === 4 && typeof value[2] === 'string' && Array.isArray(value[3]));
  expect(literals, 'one list of first words in the first load').toHaveLength(1);
  const [part, gaps, ids, values] = literals[0] as [string, string, string, unknown[]];
  const words = Object.fromEntries(ids.split(' ').map((id, index) => [id, values[index]]));
  return { chunk: [part, gaps, ids], words };
}

/** Catalogue ids some code asks for (`i18n._({id: …})`, `<Trans id=…>`). */
function idsAskedFor(code: string): string[] {
  const asked = [...code.matchAll(/\bid:\s*(?:`([^`$]+)`|"([^"]+)"|'([^']+)')/g)].map((match) => match[1] ?? match[2] ?? match[3]!);
  return [...new Set(asked)].filter((id) => id in english);
}

/** The words a chunk lists as it runs: `(globalThis.__words ||= []).push([part, gaps, ids])`. */
function registered(code: string): ChunkWords | undefined {
  const match = /__words\s*\|\|=\s*\[\]\)\.push\((\[[^\]]*\])\)/.exec(code);
  return match ? (runInNewContext(match[1]!) as ChunkWords) : undefined;
}

/** A part of a catalogue as the build wrote it: `export default [...]`. */
const partOf = (part: string, locale: string) =>
  JSON.parse(readFileSync(join(assets, `words-${part}-${locale}.js`), 'utf8').replace(/^export default /, '').replace(/;\s*$/, '')) as unknown[];

describe('the first load carries the words of the first screen; the catalogues come in parts, without ids', () => {
  const { chunk: first, words } = firstPart();

  it('every word its code can show is in it, as in the catalogue', () => {
    const asked = idsAskedFor(firstCode);
    expect(asked.length).toBeGreaterThan(50);
    expect(asked.filter((id) => !(id in words))).toEqual([]);
    for (const id of asked) expect(words[id]).toEqual(english[id]);
  });

  it('and little else: the words of menus, dialogs and the ticket come later, with their chunks', () => {
    const firstScreen = Object.values(words).flat().filter((part) => typeof part === 'string');
    expect(firstScreen).toContain('Markets');
    for (const later of ['Ladder preview', 'Command palette', 'Sign out everywhere', 'Import a workspace file']) {
      expect(Object.values(english).some((parts) => JSON.stringify(parts).includes(later)), later).toBe(true);
      expect(firstScreen, later).not.toContain(later);
    }
    expect(Object.keys(words).length).toBeLessThan(Object.keys(english).length / 2);
  });

  it('each chunk lists the ids its code asks for, and each is at its place in every locale’s part', () => {
    const files = readdirSync(assets).filter((file) => file.endsWith('.js') && !file.startsWith('words-'));
    const chunks = files.flatMap((file) => {
      const code = readFileSync(join(assets, file), 'utf8');
      const listed = firstScripts.some((script) => script.endsWith(file)) ? first : registered(code);
      return [{ file, code, listed }];
    });
    const listedIds = new Set<string>();
    for (const { file, code, listed } of chunks) {
      // The worker is bundled apart, with no catalogue (its messages are its errors' own).
      if (file.startsWith('feedWorker-')) continue;
      const asked = idsAskedFor(code);
      if (asked.length === 0) continue;
      expect(listed, file).toBeDefined();
      const [part, gaps, ids] = listed!;
      const list = ids.split(' ');
      const positions = positionsOf(gaps);
      expect(positions, file).toHaveLength(list.length);
      expect(asked.filter((id) => !list.includes(id)), file).toEqual([]);
      const [englishPart, germanPart] = [partOf(part, 'en'), partOf(part, 'de')];
      list.forEach((id, index) => {
        listedIds.add(id);
        expect(englishPart[positions[index]!], `${file} ${id}`).toEqual(english[id]);
        expect(germanPart[positions[index]!], `${file} ${id}`).toEqual(german[id]);
      });
    }
    // Every message of the terminal is some chunk's (the worker's few aside).
    expect(listedIds.size).toBeGreaterThan(Object.keys(english).length - 10);
  });

  it('no catalogue is shipped whole, and no part holds an id', () => {
    const files = readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(files.filter((file) => file.startsWith('messages-'))).toEqual([]);
    const parts = files.filter((file) => file.startsWith('words-'));
    // Every part in every locale: 14 catalogues (the pseudo-locale's too).
    const names = new Set(parts.map((file) => /^words-([0-9a-f]+)-/.exec(file)![1]));
    expect(parts.length).toBe(names.size * 14);
    const someIds = Object.keys(english).slice(0, 50);
    for (const file of parts.filter((name) => name.endsWith('-en.js'))) {
      const text = readFileSync(join(assets, file), 'utf8');
      expect(someIds.filter((id) => text.includes(`"${id}"`)), file).toEqual([]);
      // Each message once in its part.
      const messages = partOf(/^words-([0-9a-f]+)-/.exec(file)![1]!, 'en');
      expect(messages.length, file).toBeGreaterThan(0);
    }
  });
});
