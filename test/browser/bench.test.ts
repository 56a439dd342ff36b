import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/app';

interface Figure {
  section: string;
  name: string;
  value: unknown;
  unit: string;
  floor?: unknown;
  floorName?: unknown;
  ratio?: unknown;
  target?: string;
  met?: boolean;
}

interface Report {
  meta: { tiny: boolean };
  sections: Record<string, { figures: Figure[]; error?: string }>;
  figures: Figure[];
}

/** Figures each section must report, by a piece of their name: the bench's contract with readers. */
const EXPECTED: Record<string, string[]> = {
  markets: ['ours · main thread per update', 'AG Grid · main thread per update', 'plain · main thread per update', 'dropped frames', 'long tasks', 'rows (tr) in the DOM', 'ours / AG Grid', 'ours / plain'],
  proxy: ['c=1 · proxy adds at p50', 'c=1 · proxy adds at p99', 'c=1 · proxy adds at p50 over the bare Fastify hop', 'bare Fastify hop · p50', 'journal alone', 'bare fdatasync', 'c=32 · throughput, proxy / direct', 'requests reaching the service'],
  signing: ['proxy signer', 'bare crypto.sign', 'signer / bare'],
  startup: ['gzip', 'script bytes received', 'bytes received before the first market row', 'first market row · terminal', 'first market row · floor page', 'first market row / floor page'],
  memory: ['JS heap after', 'app data in the heap', 'heap growth, total'],
  tape: ['recording one poll', 'disk per instrument per day', '1 day of 1m through the proxy', 'p50 added to GET /v1/public/futures'],
  chart: ['chart live update, main-thread JS per poll', 'the library alone', 'markets polls during the profile'],
  layout: ['dragging a splitter', 'switching a workspace', 'rotating a phone'],
  languages: ['German / English, main thread per poll', 'switching language', 'largest catalogue'],
  page: ['terminal · main thread per poll', 'AG Grid page · main thread per poll', 'main thread busy per second', 'main thread per poll, terminal / AG Grid page', 'main thread busy per second, terminal / AG Grid page', 'long tasks', 'dropped frames', 'DOM elements', 'JS heap', 'first market row'],
  held: ['judge() per poll, nothing crossed, p50', 'judge() per poll, nothing crossed, p99', 'orders firing, p50', 'CPU time p50', 'crossing poll answer to the fired order at the service, p50', 'write-ahead flush'],
  desk: ['PostgreSQL − SQLite at p50', 'throughput, PostgreSQL / SQLite', 'failover, lease ttl'],
};

/** Figures that must be printed beside their floor (a piece of the name, the section). */
const FLOORED: [string, string][] = [
  ['startup', 'first market row · terminal'],
  ['chart', 'chart live update, main-thread JS per poll'],
  ['proxy', 'POST /v1/batch-order (10 orders) · c=1 · proxy adds at p50 over the bare Fastify hop'],
  ['signing', 'proxy signer'],
  ['page', 'terminal · main thread per poll'],
];

function runBench(out: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // The build npm test has just made: the bench copies it rather than building its own.
    const child = spawn('npm', ['run', '--silent', 'bench', '--', '--tiny', '--dist', 'dist', '--out', out], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run bench -- --tiny', () => {
  // The bench passes no verdict on its figures; this only checks that it measures everything.
  it('runs every section and writes every figure as a number, in the table and the JSON', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'perp-bench-test-')), 'bench.json');
    const docs = readFileSync(join(root, 'docs', 'performance.md'), 'utf8');
    const { code, stdout, stderr } = await runBench(out);
    expect(code, stderr).toBe(0);
    // A tiny run's figures measure nothing: it never writes the docs' table.
    expect(readFileSync(join(root, 'docs', 'performance.md'), 'utf8')).toBe(docs);

    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    expect(report.meta.tiny).toBe(true);
    for (const [section, names] of Object.entries(EXPECTED)) {
      const result = report.sections[section];
      expect(result, `section ${section}`).toBeDefined();
      expect(result?.error, `section ${section}`).toBeUndefined();
      const figures = result?.figures ?? [];
      expect(figures.length, `figures of ${section}`).toBeGreaterThan(0);
      for (const figure of figures) {
        expect(typeof figure.value, `${section}: ${figure.name}`).toBe('number');
        expect(Number.isFinite(figure.value), `${section}: ${figure.name} = ${String(figure.value)}`).toBe(true);
        if (figure.target !== undefined) expect(typeof figure.met).toBe('boolean');
        for (const field of ['floor', 'ratio'] as const) {
          if (figure[field] !== undefined) expect(Number.isFinite(figure[field]), `${section}: ${figure.name} ${field} = ${String(figure[field])}`).toBe(true);
        }
        if (typeof figure.floor === 'number' && figure.floor > 0) {
          expect(figure.ratio, `${section}: ${figure.name} ratio`).toBeCloseTo((figure.value as number) / figure.floor);
        }
      }
      for (const name of names) {
        expect(figures.some((figure) => figure.name.includes(name)), `${section} reports "${name}"`).toBe(true);
      }
    }
    for (const [section, name] of FLOORED) {
      const figure = report.sections[section]?.figures.find((candidate) => candidate.name.includes(name));
      expect(figure?.floor, `${section}: "${name}" has a floor`).toEqual(expect.any(Number));
    }
    expect(report.figures.length).toBe(Object.values(report.sections).reduce((sum, section) => sum + section.figures.length, 0));

    // One table on stdout, with a line per figure.
    expect(stdout).toMatch(/^Section\s+Figure\s+Value\s+Unit\s+Floor\s+Ratio\s+Target\s+Status/m);
    for (const figure of report.figures) expect(stdout).toContain(figure.name);
    expect(stderr).toContain('[bench');
    expect(stderr).toContain('using the build in dist');
  }, 600_000);
});
