import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link and image in README.md and docs/ points at a file that exists, and every
 * `#anchor` at a heading of its target (GitHub's slugs). Links to http(s) pages are not fetched.
 */

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Files another branch is writing, which links may already name (the file only, no anchor).
 * Remove an entry once its file is in the repository.
 */
const PENDING = new Set<string>([]);

interface Broken {
  file: string;
  line: number;
  target: string;
  problem: string;
}

/** The lines of a Markdown text with fenced code blocks blanked (kept as empty lines, so line numbers hold). */
function withoutFences(text: string): string[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === undefined) {
      if (open) {
        fence = open[1]!;
        return '';
      }
      return line;
    }
    if (open && open[1]![0] === fence[0] && open[1]!.length >= fence.length && line.trim() === open[1]) fence = undefined;
    return '';
  });
}

/** GitHub's anchor for a heading's text (github-slugger): lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image: its text
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|\W)[*_](.+?)[*_](?=\W|$)/g, '$1$2')
    .replace(/<[^>]+>/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings, numbered as GitHub numbers repeats (`x`, `x-1`, …). */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of withoutFences(text)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The link targets of one line, outside inline code: `[text](target)`, `![alt](target "title")`. */
function targetsOf(line: string): string[] {
  const prose = line.replace(/`[^`]*`/g, '');
  const targets: string[] = [];
  for (const match of prose.matchAll(/!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    targets.push(match[1]!);
  }
  return targets;
}

/** Every broken relative link in the given Markdown files, paths relative to `root`. */
export function brokenLinks(root: string, files: readonly string[], pending: ReadonlySet<string> = new Set()): Broken[] {
  const broken: Broken[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (path: string) => {
    let found = anchorCache.get(path);
    if (!found) {
      found = anchorsOf(readFileSync(path, 'utf8'));
      anchorCache.set(path, found);
    }
    return found;
  };
  for (const file of files) {
    const absolute = join(root, file);
    withoutFences(readFileSync(absolute, 'utf8')).forEach((text, index) => {
      for (const target of targetsOf(text)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http(s), mailto: not checked here
        const report = (problem: string) => broken.push({ file, line: index + 1, target, problem });
        const hash = target.indexOf('#');
        const pathPart = decodeURI(hash === -1 ? target : target.slice(0, hash));
        const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
        const targetPath = pathPart === '' ? absolute : resolve(dirname(absolute), pathPart);
        const fromRoot = relative(root, targetPath).split('\\').join('/');
        if (!existsSync(targetPath)) {
          if (pending.has(fromRoot) && anchor === undefined) continue;
          report(`no file ${fromRoot}`);
          continue;
        }
        if (anchor === undefined) continue;
        if (!targetPath.endsWith('.md') || statSync(targetPath).isDirectory()) {
          report(`an anchor into ${fromRoot}, which is not a Markdown file`);
          continue;
        }
        if (!anchors(targetPath).has(anchor)) report(`no heading with anchor #${anchor} in ${fromRoot}`);
      }
    });
  }
  return broken;
}

function markdownUnder(root: string, folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) found.push(...markdownUnder(root, path));
    else if (entry.name.endsWith('.md')) found.push(path);
  }
  return found.sort();
}

const describeBroken = (list: readonly Broken[]) =>
  list.map(({ file, line, target, problem }) => `${file}:${line}: (${target}) ${problem}`).join('\n');

describe('links in README.md and docs/', () => {
  it('resolve: every relative link and image names a file that exists, and every anchor a heading of it', () => {
    const files = ['README.md', ...markdownUnder(ROOT, 'docs')];
    expect(files.length).toBeGreaterThan(5);
    expect(describeBroken(brokenLinks(ROOT, files, PENDING))).toBe('');
  });

  it('reports a broken link by its file, line and target', () => {
    const root = mkdtempSync(join(tmpdir(), 'doc-links-'));
    try {
      mkdirSync(join(root, 'docs'));
      writeFileSync(
        join(root, 'README.md'),
        [
          '# Title',
          'See [ops](docs/ops.md#the-door) and [gone](docs/gone.md), [here](#title), [x](https://example.com/x).',
          '`[not a link](nowhere.md)`',
          '```md',
          '[in a fence](nowhere.md)',
          '```',
          '![shot](docs/shot.png)',
        ].join('\n'),
      );
      writeFileSync(join(root, 'docs/ops.md'), '# Ops\n\n## The `door`: rules\n\n[back](../README.md#missing)\n');
      expect(brokenLinks(root, ['README.md', 'docs/ops.md'])).toEqual([
        { file: 'README.md', line: 2, target: 'docs/ops.md#the-door', problem: 'no heading with anchor #the-door in docs/ops.md' },
        { file: 'README.md', line: 2, target: 'docs/gone.md', problem: 'no file docs/gone.md' },
        { file: 'README.md', line: 7, target: 'docs/shot.png', problem: 'no file docs/shot.png' },
        { file: 'docs/ops.md', line: 5, target: '../README.md#missing', problem: 'no heading with anchor #missing in README.md' },
      ]);
      expect(brokenLinks(root, ['README.md'], new Set(['docs/gone.md'])).map((b) => b.target)).toEqual(['docs/ops.md#the-door', 'docs/shot.png']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('makes anchors as GitHub does', () => {
    expect(slug('How `/v1/tv/config` drives it')).toBe('how-v1tvconfig-drives-it');
    expect(slug('The journal: no ticket lost, none sent twice')).toBe('the-journal-no-ticket-lost-none-sent-twice');
    expect(slug('Tape blocks and the chart\'s floor (2026-11-24, sixth session)')).toBe('tape-blocks-and-the-charts-floor-2026-11-24-sixth-session');
    expect(slug('Workspace: panels, layouts, every screen')).toBe('workspace-panels-layouts-every-screen');
    expect([...anchorsOf('# A\n## A\n```\n# not a heading\n```\n## A\n')]).toEqual(['a', 'a-1', 'a-2']);
  });
});
