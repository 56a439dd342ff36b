import { describe, expect, it } from 'vitest';
import { parseArgs, SECTIONS } from '../bench/args';
import { renderMarkdown, replaceBlock, TABLE_END, TABLE_START, type RunMeta } from '../bench/docsTable';
import { atMost, Figures, floorOf, floorPlus, ratioAtMost, renderTable } from '../bench/table';

const META: RunMeta = {
  startedAt: new Date('2026-12-01T10:00:00Z'),
  seconds: 14 * 60 + 5,
  cpus: 2,
  cpuModel: 'Intel(R) Xeon(R) Processor',
  node: 'v24.21.0',
  options: '',
  broken: [],
};

function sample() {
  const figures = new Figures('startup');
  const floor = figures.add('first market row · floor page', 200, 'ms');
  figures.add('first market row · terminal', 500, 'ms', undefined, floorOf(floor));
  figures.add('first market row / floor page', 2.5, '×', atMost(1.5, '≤ 1.5×'));
  return figures.list;
}

describe('bench figures with a floor', () => {
  it('keep the floor, its name and the ratio to it', () => {
    const [, terminal] = sample();
    expect(terminal).toMatchObject({ floor: 200, floorName: 'first market row · floor page', ratio: 2.5 });
  });

  it('have no ratio when the floor is not above zero', () => {
    const figures = new Figures('proxy');
    const zero = figures.add('adds', 1, 'ms', undefined, { value: 0 });
    expect(zero.floor).toBe(0);
    expect(zero.ratio).toBeUndefined();
    expect(figures.add('adds', 1, 'ms', undefined, { value: -0.2 }).ratio).toBeUndefined();
  });

  it('judge a target on the ratio to the floor, or on the floor plus a margin', () => {
    const figures = new Figures('chart');
    expect(figures.add('ours', 3, 'ms', ratioAtMost(0.6), { value: 6 }).met).toBe(true);
    expect(figures.add('ours', 4, 'ms', ratioAtMost(0.6), { value: 6 }).met).toBe(false);
    // No floor measured: nothing to meet.
    expect(figures.add('ours', 1, 'ms', ratioAtMost(0.6)).met).toBe(false);
    expect(figures.add('proxy', 2.4, 'ms', floorPlus(1, '≤ journal + 1 ms'), { value: 1.5 }).met).toBe(true);
    expect(figures.add('proxy', 2.6, 'ms', floorPlus(1, '≤ journal + 1 ms'), { value: 1.5 }).met).toBe(false);
  });

  it('print the floor and the ratio in their own columns of the text table', () => {
    const lines = renderTable(sample()).split('\n');
    expect(lines[0]).toMatch(/^Section\s+Figure\s+Value\s+Unit\s+Floor\s+Ratio\s+Target\s+Status$/);
    expect(lines.find((line) => line.includes('· terminal'))).toMatch(/500\s+ms\s+200\s+2\.50×$/);
    expect(lines.find((line) => line.includes('/ floor page'))).toMatch(/2\.50\s+×\s+≤ 1\.5×\s+MISSED$/);
  });
});

describe('the figures block of docs/performance.md', () => {
  it('renders one markdown row per figure, the floor with its unit and name, and a line on the run', () => {
    const block = renderMarkdown(sample(), META);
    expect(block).toContain('Written by `npm run bench` on 2026-12-01: 2 × Intel(R) Xeon(R) Processor, Node v24.21.0; the run took 14 min 5 s.');
    expect(block).toContain('| startup | first market row · terminal | 500 ms | 200 ms (first market row · floor page) | 2.50× |  |  |');
    expect(block).toContain('| startup | first market row / floor page | 2.50× |  |  | ≤ 1.5× | MISSED |');
    expect(block.split('\n').filter((line) => line.startsWith('| startup'))).toHaveLength(3);
  });

  it('names the options and the sections that could not run', () => {
    const block = renderMarkdown(sample(), { ...META, options: '--long', broken: ['desk'] });
    expect(block).toContain('`npm run bench -- --long`');
    expect(block).toContain('Sections that could not run (no figures): desk.');
  });

  it('escapes a pipe in a name, so it cannot break the row', () => {
    const figures = new Figures('x');
    figures.add('a | b', 1, 'ms');
    expect(renderMarkdown(figures.list, META)).toContain('| x | a \\| b | 1.00 ms |');
  });

  it('replaces only what lies between the markers, again and again', () => {
    const doc = `# Performance\n\nProse before.\n\n${TABLE_START}\nold table\n${TABLE_END}\n\nProse after.\n`;
    const once = replaceBlock(doc, 'new table\n');
    expect(once).toBe(`# Performance\n\nProse before.\n\n${TABLE_START}\nnew table\n${TABLE_END}\n\nProse after.\n`);
    expect(replaceBlock(once, 'newer table')).toBe(once.replace('new table', 'newer table'));
  });

  it('refuses a document without the block, with the markers reversed, or with two blocks', () => {
    expect(() => replaceBlock('# no block', 'x')).toThrow(/no <!-- bench:table:start -->/);
    expect(() => replaceBlock(`${TABLE_END}\n${TABLE_START}`, 'x')).toThrow(/comes before/);
    expect(() => replaceBlock(`${TABLE_START}${TABLE_END}${TABLE_START}${TABLE_END}`, 'x')).toThrow(/more than one/);
  });
});

describe('when the bench writes the block', () => {
  it('by default on a run of every section, never from --tiny or a run of some sections', () => {
    expect(parseArgs([]).writeDocs).toBe(true);
    expect(parseArgs(['--long']).writeDocs).toBe(true);
    expect(parseArgs(['--no-docs']).writeDocs).toBe(false);
    expect(parseArgs(['--tiny']).writeDocs).toBe(false);
    expect(parseArgs(['--only', 'startup']).writeDocs).toBe(false);
    expect(parseArgs(['--only', 'startup', '--write-docs']).writeDocs).toBe(true);
    expect(() => parseArgs(['--tiny', '--write-docs'])).toThrow(/--tiny/);
  });

  it('reads the other options', () => {
    expect(parseArgs(['--tiny', '--dist', 'dist', '--out', 'x.json'])).toMatchObject({ tiny: true, dist: 'dist', out: 'x.json', only: SECTIONS });
    expect(() => parseArgs(['--dist'])).toThrow(/--dist needs a value/);
    expect(() => parseArgs(['--only', 'nope'])).toThrow(/--only takes/);
    expect(() => parseArgs(['--tiny', '--long'])).toThrow(/exclude/);
  });
});
