import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { messages as english } from '@/terminal/locales/en/messages';
import { root } from '../helpers/app';

// `npm test` builds before it runs the tests: this reads the build the proxy serves.
const dist = join(root, 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const firstScripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g)].map((match) => match[1]!);
const firstCode = firstScripts.map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');

/** The words the first load carries: the one catalogue literal the build filled in (vite.config.ts). */
function firstWords(): Record<string, unknown> {
  const literals = [...firstCode.matchAll(/JSON\.parse\(('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`)\)/g)]
    .map((match) => match[1]!)
    .filter((literal) => literal.includes('":['));
  expect(literals, 'one catalogue in the first load').toHaveLength(1);
  const literal = literals[0]!;
  // The bundler writes the catalogue as whichever JS string literal suits its text (quotes, backticks,
  // escapes): it is read as JavaScript reads it, in a context of its own, then as the JSON it holds.
  const text = runInNewContext(literal) as string;
  return JSON.parse(text) as Record<string, unknown>;
}

/** Catalogue ids the first load's code asks for (`i18n._({id: …})`, `<Trans id=…>`). */
function idsAskedFor(): string[] {
  const asked = [...firstCode.matchAll(/\bid:\s*(?:`([^`$]+)`|"([^"]+)"|'([^']+)')/g)].map((match) => match[1] ?? match[2] ?? match[3]!);
  return [...new Set(asked)].filter((id) => id in english);
}

describe('the first load carries the words of the first screen, not the whole English catalogue', () => {
  const words = firstWords();

  it('every word its code can show is in it, as in the catalogue', () => {
    const asked = idsAskedFor();
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

  it('the whole English catalogue is a chunk of its own, fetched with the first lazy chunk', () => {
    const assets = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
    const whole = assets.filter((file) => readFileSync(join(dist, 'assets', file), 'utf8').includes('Ladder preview'));
    expect(whole.length).toBe(1);
    expect(firstScripts.some((file) => file.endsWith(whole[0]!))).toBe(false);
  });
});
