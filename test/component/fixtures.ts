import type { FuturesRow } from '../../src/interface';
import { instrumentsFor } from '../../src/service/market/instruments';
import { MarketSimulator } from '../../src/service/market/simulator';

/** Market rows as the embedded service makes them, for component tests. */
export function futuresRows(count = 48, seed = 9): FuturesRow[] {
  const simulator = new MarketSimulator({ instruments: instrumentsFor(count), seed, start: 1_795_000_000_000 });
  return simulator.rows(1_795_000_001_000);
}
