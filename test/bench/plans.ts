/**
 * How long and how large each section runs. Three plans:
 * - DEFAULT (`npm run bench`): every target and its floor at 1,000 instruments, in about 15
 *   minutes on the 2-CPU machine, short enough to run before every performance claim.
 * - LONG (`--long`): DEFAULT plus the 2,000-instrument repeats (markets, page, tape), the
 *   10-minute memory run and the longer windows, rounds and kills the earlier full run had; about
 *   35 minutes.
 * - TINY (`--tiny`): every section on a tiny size, for the test that checks the bench itself works.
 *
 * Durations below are for the 2-CPU machine while others used it (load average 3–5): measured with
 * `--only` where marked, else estimated from the section's runs and its fixed costs in a tiny run (a
 * fresh context and page load of 1–3 s, a service start, PostgreSQL's start of ~10 s). The default
 * in all: ~14½ min, and ~15 s more when it builds the terminal itself (no --dist).
 */
import { proxyDefaults } from '@/proxy/options';
import type { ChartBenchOptions } from './chart';
import type { DeskBenchOptions } from './desk';
import type { HeldBenchOptions } from './held';
import type { LanguagesOptions } from './languages';
import type { LayoutOptions } from './layout';
import type { MarketsOptions } from './markets';
import type { MemoryOptions } from './memory';
import type { PageOptions } from './page';
import type { ProxyBenchOptions } from './proxy';
import type { SigningOptions } from './signing';
import type { StartupOptions } from './startup';
import type { TapeBenchOptions } from './tape';

export interface Plan {
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

export const DEFAULT: Plan = {
  // 3 pages × 3 rounds × (10 s + ~2.5 s to load): 116 s measured. A 10 s window is still ~40 polls.
  markets: { sizes: [1000], rounds: 3, runMs: 10_000 },
  // 4 targets × 2 endpoints × 2 concurrencies × 3 rounds × 2 s, then 2 × 2 fan-out windows of 5 s: ~2.3 min.
  proxy: { rounds: 3, runSeconds: 2, concurrencies: [1, 32], terminals: 50, pollMs: 500, pollSeconds: 5, pollRounds: 2 },
  // 2 × 30 × 0.3 s: 19 s measured.
  signing: { rounds: 30, roundMs: 300 },
  // The median of 7 alternated cold loads, terminal and floor page: 12 s measured (with --dist).
  startup: { coldLoads: 7 },
  // Long enough for V8's compiled code to grow past its first minute; the app's data is what is judged: ~2.2 min.
  memory: { earlyMs: 10_000, lateMs: 120_000 },
  // 63 s measured, most of it the 60 alternations of market reads with and without recording.
  tape: { sizes: [1000], polls: 600, diskInstruments: 100, diskDays: 1, historyDays: 30, requests: 200 },
  // 2 pages × 3 rounds × 6 s, after ~10 s backfilling the tape: ~50 s.
  chart: { profileMs: 6000, rounds: 3 },
  // 7 rounds of ~10 s: ~80 s. A drag's dropped frames swing 0–30 on this machine: three rounds' median moved with it.
  layout: { rounds: 7 },
  // 2 languages × 2 rounds × (8 s + ~6 s to start): ~70 s.
  languages: { measureMs: 8_000, rounds: 2, switches: 8 },
  // 2 pages × 2 rounds × (12 s + ~5 s to prepare), then 12 cold loads: ~1.7 min.
  page: { sizes: [1000], rounds: 2, runMs: 12_000, coldLoads: 5 },
  // 36 s measured.
  held: { instruments: 1000, ordersPerInstrument: 10, polls: 500, crossingPerPoll: 10, fires: 30 },
  // PostgreSQL's start, 3 × 2 × 3 runs of 2 s, 3 kills at the default lease only (its target): ~1.5 min.
  desk: { rounds: 3, runSeconds: 2, warmSeconds: 2, concurrencies: [1, 32], failover: { ttls: [proxyDefaults.leaseTtlMs], kills: 3 } },
};

export const LONG: Plan = {
  ...DEFAULT,
  markets: { sizes: [1000, 2000], rounds: 3, runMs: 20_000 },
  proxy: { rounds: 3, runSeconds: 3, concurrencies: [1, 32], terminals: 50, pollMs: 500, pollSeconds: 10, pollRounds: 2 },
  memory: { earlyMs: 10_000, lateMs: 600_000 },
  tape: { ...DEFAULT.tape, sizes: [1000, 2000] },
  chart: { profileMs: 8000, rounds: 3 },
  languages: { measureMs: 8_000, rounds: 4, switches: 8 },
  page: { sizes: [1000, 2000], rounds: 2, runMs: 20_000, coldLoads: 5 },
  desk: { rounds: 3, runSeconds: 3, warmSeconds: 2, concurrencies: [1, 32], failover: { ttls: [proxyDefaults.leaseTtlMs, 1500], kills: 5 } },
};

/** Every section, each on a tiny size: 2¾ minutes in all (with --dist). */
export const TINY: Plan = {
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
