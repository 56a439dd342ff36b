/**
 * `npm run bench -- [--out file.json] [--tiny] [--only markets,proxy,…,held,desk]`: every benchmark of the terminal in headless
 * Chromium and Node on this machine. Progress goes to stderr, one table of every figure to stdout,
 * and the same figures (with per-run details) to the --out file as JSON. It prints figures and
 * passes no verdict: a missed target is shown as such, not as a failure. Only a section that could
 * not run at all makes the exit code non-zero.
 *
 * --tiny runs every section on a tiny size, for the test that checks the bench itself works.
 * --only runs the sections named (for working on one of them).
 */
import { proxyDefaults } from '@/proxy/options';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { benchChart, type ChartBenchOptions } from './chart';
import { benchDesk, type DeskBenchOptions } from './desk';
import { benchLanguages, type LanguagesOptions } from './languages';
import { benchHeld, type HeldBenchOptions } from './held';
import { benchLayout, type LayoutOptions } from './layout';
import { benchMarkets, type MarketsOptions } from './markets';
import { benchMemory, type MemoryOptions } from './memory';
import { benchPage, type PageOptions } from './page';
import { progress } from './progress';
import { benchProxy, type ProxyBenchOptions } from './proxy';
import { buildTerminal } from './realApp';
import { benchSigning, type SigningOptions } from './signing';
import { benchStartup, type StartupOptions } from './startup';
import { benchTape, type TapeBenchOptions } from './tape';
import { renderTable, type Figure } from './table';

interface Plan {
  markets: MarketsOptions;
  proxy: ProxyBenchOptions;
  signing: SigningOptions;
  startup: StartupOptions;
  memory: MemoryOptions;
  tape: TapeBenchOptions;
  chart: ChartBenchOptions;
  layout: LayoutOptions;
  languages: LanguagesOptions;
  page: PageOptions;
  held: HeldBenchOptions;
  desk: DeskBenchOptions;
}

const FULL: Plan = {
  markets: { sizes: [1000, 2000], rounds: 3, runMs: 20_000 },
  proxy: { rounds: 3, runSeconds: 3, concurrencies: [1, 32], terminals: 50, pollMs: 500, pollSeconds: 10, pollRounds: 2 },
  signing: { rounds: 30, roundMs: 300 },
  startup: { coldLoads: 5 },
  memory: { earlyMs: 10_000, lateMs: 600_000 },
  tape: { sizes: [1000, 2000], polls: 600, diskInstruments: 100, diskDays: 1, historyDays: 30, requests: 200 },
  chart: { profileMs: 8000, rounds: 3 },
  layout: { rounds: 3 },
  languages: { measureMs: 8_000, rounds: 4, switches: 8 },
  page: { sizes: [1000, 2000], rounds: 2, runMs: 20_000, coldLoads: 5 },
  held: { instruments: 1000, ordersPerInstrument: 10, polls: 500, crossingPerPoll: 10, fires: 30 },
  desk: { rounds: 3, runSeconds: 3, warmSeconds: 2, concurrencies: [1, 32], failover: { ttls: [proxyDefaults.leaseTtlMs, 1500], kills: 5 } },
};

/** Every section, each on a tiny size: well under a minute in all. */
const TINY: Plan = {
  markets: { sizes: [100], rounds: 1, runMs: 1500 },
  proxy: { rounds: 1, runSeconds: 1, concurrencies: [1, 32], terminals: 10, pollMs: 500, pollSeconds: 1.5, pollRounds: 1 },
  signing: { rounds: 4, roundMs: 100 },
  startup: { coldLoads: 2 },
  memory: { earlyMs: 2000, lateMs: 5000 },
  tape: { sizes: [100], polls: 240, diskInstruments: 10, diskDays: 1, historyDays: 2, requests: 20 },
  chart: { profileMs: 1500, rounds: 1 },
  layout: { rounds: 1 },
  languages: { measureMs: 2000, rounds: 1, switches: 2 },
  page: { sizes: [100], rounds: 1, runMs: 1500, coldLoads: 1 },
  held: { instruments: 100, ordersPerInstrument: 10, polls: 20, crossingPerPoll: 2, fires: 2 },
  desk: { rounds: 1, runSeconds: 1, warmSeconds: 1, concurrencies: [1, 32], failover: { ttls: [proxyDefaults.leaseTtlMs, 1500], kills: 1 } },
};

export const SECTIONS = ['markets', 'proxy', 'signing', 'startup', 'memory', 'tape', 'chart', 'layout', 'languages', 'page', 'held', 'desk'] as const;
export type SectionName = (typeof SECTIONS)[number];

interface SectionResult {
  figures: Figure[];
  details?: unknown;
  seconds: number;
  error?: string;
}

interface Args {
  out?: string;
  tiny: boolean;
  only: readonly SectionName[];
}

function parseArgs(argv: string[]): Args {
  const args: Args = { tiny: false, only: SECTIONS };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--tiny') args.tiny = true;
    else if (arg === '--out') {
      args.out = argv[++i];
      if (!args.out) throw new Error('--out needs a file name');
    } else if (arg?.startsWith('--out=')) args.out = arg.slice('--out='.length);
    else if (arg === '--only') {
      const names = (argv[++i] ?? '').split(',').filter(Boolean);
      const unknown = names.filter((name) => !(SECTIONS as readonly string[]).includes(name));
      if (names.length === 0 || unknown.length > 0) throw new Error(`--only takes some of ${SECTIONS.join(',')}`);
      args.only = names as SectionName[];
    } else throw new Error(`unknown argument ${arg}; usage: npm run bench -- [--out file.json] [--tiny] [--only ${SECTIONS.join(',')}]`);
  }
  return args;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const plan = args.tiny ? TINY : FULL;
  const startedAt = new Date();
  progress(`perp-terminal bench${args.tiny ? ' (tiny)' : ''} on ${cpus().length} CPUs, Node ${process.version}`);
  const browser: Browser = await launchChromium();
  const results = {} as Record<SectionName, SectionResult>;
  let distDir: string | undefined;

  // The sections on the real terminal share one build of it.
  const terminalBuild = async () => {
    if (!distDir) {
      progress('building the terminal into a temp dir');
      distDir = await buildTerminal();
    }
    return distDir;
  };
  const sections: Record<SectionName, () => Promise<{ figures: Figure[]; details?: unknown }>> = {
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

  const figures = args.only.flatMap((name) => results[name].figures);
  process.stdout.write(`${renderTable(figures)}\n`);
  const report = {
    meta: {
      tiny: args.tiny,
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      seconds: (Date.now() - startedAt.getTime()) / 1000,
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      plan,
    },
    sections: results,
    figures,
  };
  if (args.out) {
    const out = resolve(args.out);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    progress(`wrote ${out}`);
  }
  const broken = args.only.filter((name) => results[name].error);
  if (broken.length > 0) progress(`sections that could not run: ${broken.join(', ')}`);
  return broken.length > 0 ? 1 : 0;
}

process.exitCode = await main();
