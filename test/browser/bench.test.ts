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
  startup: ['gzip', 'script bytes received', 'first market row'],
  memory: ['JS heap after', 'heap growth'],
  tape: ['recording one poll', 'disk per instrument per day', '1 day of 1m through the proxy', 'p50 added to GET /v1/public/futures'],
  chart: ['chart live update, main-thread JS per poll', 'the library alone', 'markets polls during the profile'],
  layout: ['dragging a splitter', 'switching a workspace', 'rotating a phone'],
  languages: ['German / English, main thread per poll', 'switching language', 'largest catalogue'],
  page: ['terminal · main thread per poll', 'AG Grid page · main thread per poll', 'main thread busy per second', 'terminal / AG Grid page', 'long tasks', 'dropped frames', 'DOM elements', 'JS heap', 'first market row'],
  held: ['judge() per poll, nothing crossed, p50', 'judge() per poll, nothing crossed, p99', 'orders firing, p50', 'CPU time p50', 'crossing poll answer to the fired order at the service, p50', 'write-ahead flush'],
  desk: ['PostgreSQL − SQLite at p50', 'throughput, PostgreSQL / SQLite', 'failover, lease ttl'],
};

function runBench(out: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'bench', '--', '--tiny', '--out', out], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
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
    const { code, stdout, stderr } = await runBench(out);
    expect(code, stderr).toBe(0);

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
      }
      for (const name of names) {
        expect(figures.some((figure) => figure.name.includes(name)), `${section} reports "${name}"`).toBe(true);
      }
    }
    expect(report.figures.length).toBe(Object.values(report.sections).reduce((sum, section) => sum + section.figures.length, 0));

    // One table on stdout, with a line per figure.
    expect(stdout).toMatch(/^Section\s+Figure\s+Value\s+Unit\s+Target\s+Status/m);
    for (const figure of report.figures) expect(stdout).toContain(figure.name);
    expect(stderr).toContain('[bench');
  }, 600_000);
});
