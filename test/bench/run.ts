/**
 * `npm run bench -- [--long | --tiny] [--only markets,proxy,…,held,desk] [--dist dir] [--out file.json]
 * [--write-docs | --no-docs]`: every benchmark of the terminal in headless Chromium and Node on
 * this machine. Progress goes to stderr, one table of every figure (beside its floor and the ratio
 * to it) to stdout, and the same figures (with per-run details) to the --out file as JSON. It
 * prints figures and passes no verdict: a missed target is shown as such, not as a failure. Only a
 * section that could not run at all makes the exit code non-zero.
 *
 * The default run (~15 min, plans.ts) covers every target; --long adds the 2,000-instrument repeats
 * and the 10-minute memory run (~35 min); --tiny runs every section on a tiny size, for the test
 * that checks the bench itself works; --only runs the sections named. A run of every section at its
 * real size rewrites the figures block of docs/performance.md (docsTable.ts). --dist reuses a build
 * of the terminal (copied) instead of building one.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { parseArgs, type Args, type SectionName } from './args';
import { benchChart } from './chart';
import { benchDesk } from './desk';
import { writeDocsTable, type RunMeta } from './docsTable';
import { benchHeld } from './held';
import { benchLanguages } from './languages';
import { benchLayout } from './layout';
import { benchMarkets } from './markets';
import { benchMemory } from './memory';
import { benchPage } from './page';
import { DEFAULT, LONG, TINY, type Plan } from './plans';
import { progress } from './progress';
import { benchProxy } from './proxy';
import { buildTerminal, copyBuild } from './realApp';
import { benchSigning } from './signing';
import { benchStartup } from './startup';
import { benchTape } from './tape';
import { renderTable, type Figure } from './table';

const DOCS = resolve(import.meta.dirname, '..', '..', 'docs', 'performance.md');

interface SectionResult {
  figures: Figure[];
  details?: unknown;
  seconds: number;
  error?: string;
}

type Section = () => Promise<{ figures: Figure[]; details?: unknown }>;

/** The sections, each on its plan; those on the real terminal share one build of it. */
function sectionsOf(browser: Browser, plan: Plan, terminalBuild: () => Promise<string>): Record<SectionName, Section> {
  return {
    markets: () => benchMarkets(browser, plan.markets),
    proxy: () => benchProxy(plan.proxy),
    signing: () => benchSigning(plan.signing),
    startup: async () => benchStartup(browser, await terminalBuild(), plan.startup),
    memory: async () => benchMemory(browser, await terminalBuild(), plan.memory),
    tape: () => benchTape(plan.tape),
    chart: async () => benchChart(browser, await terminalBuild(), plan.chart),
    layout: async () => benchLayout(browser, await terminalBuild(), plan.layout),
    languages: async () => benchLanguages(browser, await terminalBuild(), plan.languages),
    page: async () => benchPage(browser, await terminalBuild(), plan.page),
    held: () => benchHeld(plan.held),
    desk: () => benchDesk(plan.desk),
  };
}

async function runSections(args: Args, plan: Plan): Promise<Record<SectionName, SectionResult>> {
  const browser = await launchChromium();
  const results = {} as Record<SectionName, SectionResult>;
  let distDir: string | undefined;
  const terminalBuild = async () => {
    if (!distDir && args.dist) {
      distDir = copyBuild(args.dist);
      progress(`using the build in ${args.dist} (copied to ${distDir})`);
    } else if (!distDir) {
      progress('building the terminal into a temp dir');
      distDir = await buildTerminal();
    }
    return distDir;
  };
  const sections = sectionsOf(browser, plan, terminalBuild);
  try {
    for (const name of args.only) {
      const started = Date.now();
      progress(`— ${name} —`);
      try {
        const { figures, details } = await sections[name]();
        results[name] = { figures, details, seconds: (Date.now() - started) / 1000 };
      } catch (error) {
        // One broken section should not hide the figures of the others.
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        progress(`${name} could not run: ${message}`);
        results[name] = { figures: [], seconds: (Date.now() - started) / 1000, error: message };
      }
      progress(`${name} took ${results[name].seconds.toFixed(1)} s`);
    }
  } finally {
    await browser.close();
    if (distDir) rmSync(distDir, { recursive: true, force: true });
  }
  return results;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const plan = args.tiny ? TINY : args.long ? LONG : DEFAULT;
  const startedAt = new Date();
  const kind = args.tiny ? ' (tiny)' : args.long ? ' (long)' : '';
  progress(`perp-terminal bench${kind} on ${cpus().length} CPUs, Node ${process.version}`);
  const results = await runSections(args, plan);
  const seconds = (Date.now() - startedAt.getTime()) / 1000;
  progress(`sections: ${args.only.map((name) => `${name} ${results[name].seconds.toFixed(0)} s`).join(', ')}; in all ${(seconds / 60).toFixed(1)} min`);

  const figures = args.only.flatMap((name) => results[name].figures);
  process.stdout.write(`${renderTable(figures)}\n`);
  const broken = args.only.filter((name) => results[name].error);
  const meta: RunMeta = {
    startedAt,
    seconds,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    options: args.typed.replace(/--(write-docs|no-docs)\b/g, '').replace(/--out(=|\s+)\S+/g, '').trim(),
    broken,
  };
  if (args.out) {
    const out = resolve(args.out);
    mkdirSync(dirname(out), { recursive: true });
    const report = {
      meta: { tiny: args.tiny, long: args.long, ...meta, startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), plan },
      sections: results,
      figures,
    };
    writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    progress(`wrote ${out}`);
  }
  if (args.writeDocs) {
    writeDocsTable(DOCS, figures, meta);
    progress(`wrote the figures table of ${DOCS}`);
  }
  if (broken.length > 0) progress(`sections that could not run: ${broken.join(', ')}`);
  return broken.length > 0 ? 1 : 0;
}

process.exitCode = await main();
