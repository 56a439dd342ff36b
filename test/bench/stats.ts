/** The few statistics the bench needs. Medians, because a noisy machine gives outliers both ways. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Percentile by nearest rank over values already sorted ascending (p from 0 to 100). */
export function percentileOfSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/**
 * Runs each contender once per round, in the same order every round (A B C A B C …), so a machine
 * that slows down or speeds up during the run moves every contender alike. With `mirror`, every
 * other round runs in reverse (A B B A …), so neither side always follows the other (short CPU-bound
 * loops can inherit the previous one's GC debt). Returns each contender's results, one per round.
 */
export async function alternate<Name extends string, Result>(
  contenders: readonly Name[],
  rounds: number,
  run: (name: Name, round: number) => Promise<Result>,
  options: { mirror?: boolean } = {},
): Promise<Record<Name, Result[]>> {
  const results = Object.fromEntries(contenders.map((name) => [name, [] as Result[]])) as Record<Name, Result[]>;
  for (let round = 1; round <= rounds; round++) {
    const order = options.mirror && round % 2 === 0 ? [...contenders].reverse() : contenders;
    for (const name of order) results[name].push(await run(name, round));
  }
  return results;
}

/** Median of one numeric field over a contender's rounds. */
export function medianOf<T>(runs: readonly T[], field: (run: T) => number): number {
  return median(runs.map(field));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
