/**
 * `npx tsx test/bench/formatLocales.ts [en,de,fr]`: the number formatters' speed in each locale,
 * ops/s of CPU time (steadier than wall time on a busy machine), best of 15 interleaved rounds. Not
 * part of `npm run bench`: a quick check that every locale takes the fast digit path. Run one
 * locale per process to see it as a trader's terminal runs (one locale, not switching).
 */
import { setFormatLocale } from '@/terminal/shared/format/locale';
import { formatCompact, formatFixed, formatPercent } from '@/terminal/shared/format/number';

const locales = (process.argv[2] ?? 'en,de,fr').split(',');
/** Prices as the markets send them: 0–8 decimals, 0.001 to 100,000, some negatives. */
const prices = Array.from({ length: 4096 }, (_, i) => {
  const decimals = i % 9;
  const raw = (i % 7 === 0 ? -1 : 1) * Math.random() * 10 ** (5 - (decimals % 6));
  return Math.round(raw * 10 ** decimals) / 10 ** decimals;
});
const RUN = 30_000;

function opsPerSecond(write: (value: number, i: number) => string): number {
  let length = 0;
  const start = process.cpuUsage();
  for (let i = 0; i < RUN; i++) length += write(prices[i & 4095]!, i).length;
  const used = process.cpuUsage(start);
  return length < 0 ? 0 : RUN / ((used.user + used.system) / 1e6);
}

/** One markets-grid row as its columns write it: 3 prices, 2 compact amounts, 3 percentages. */
const gridRow = (value: number, i: number) =>
  formatFixed(value, i % 9) +
  formatFixed(value * 1.001, i % 9) +
  formatFixed(value * 0.999, i % 9) +
  formatCompact(Math.abs(value) * 12_345) +
  formatCompact(Math.abs(value) * 3e5) +
  formatPercent(value / 1e7, 4) +
  formatPercent(value / 1e6) +
  formatPercent(value / 1e5, 2);

const cases = {
  formatFixed: (value: number, i: number) => formatFixed(value, i % 9),
  formatPercent: (value: number) => formatPercent(value / 1e6, 4),
  formatCompact: (value: number) => formatCompact(Math.abs(value) * 12_345),
  'grid row': gridRow,
};
const best = new Map<string, number>();
for (let round = 0; round < 16; round++) {
  for (const locale of locales) {
    setFormatLocale(locale);
    for (const [name, write] of Object.entries(cases)) {
      const measured = opsPerSecond(write);
      // The first round warms the JIT up.
      if (round > 0) best.set(`${locale} ${name}`, Math.max(best.get(`${locale} ${name}`) ?? 0, measured));
    }
  }
}
for (const [name, ops] of best) console.log(`${name.padEnd(20)} ${(ops / 1e6).toFixed(2)} M ops/s`);
