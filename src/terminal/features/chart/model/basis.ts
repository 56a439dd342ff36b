/**
 * Basis: how far mark stands from index, in percent of index (mark 101, index 100 → 1). A
 * perpetual's mark drifts from its index when funding lags; that drift is what a trader watches.
 * Null when there is no index to measure against.
 */
export function basisPercent(mark: number, index: number): number | null {
  if (!Number.isFinite(mark) || !Number.isFinite(index) || index <= 0) return null;
  return ((mark - index) / index) * 100;
}
