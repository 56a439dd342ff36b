import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredCandle } from '@/proxy/tape/codec';
import { TapeRecorder } from '@/proxy/tape/recorder';
import { TapeStore } from '@/proxy/tape/tapeStore';
import { TapeUpkeep } from '@/proxy/tape/upkeep';
import { tempDir } from '../helpers/stack';

const MINUTE = 60_000;
/** Three days back: past a retention of one day. */
const OLD = Math.floor((Date.now() - 3 * 24 * 60 * MINUTE) / MINUTE) * MINUTE;
const BTC = 'PERP_BTC_USDC';
const ETH = 'PERP_ETH_USDC';
const SOL = 'PERP_SOL_USDC';

function oldMinutes(symbol: string, count: number): { symbol: string; candle: StoredCandle }[] {
  return Array.from({ length: count }, (_, minute) => ({
    symbol,
    candle: { time: OLD + minute * MINUTE, open: 100, high: 101, low: 99, close: 100.5, index_close: 100, est_funding_rate: 0.0001, open_interest: 12.5, volume_24h: 1000, samples: 1, simulated: false },
  }));
}

let store: TapeStore;
let upkeep: TapeUpkeep;
const log = { info: vi.fn(), error: vi.fn() };

function upkeepOf(path: string): TapeUpkeep {
  store = new TapeStore(path);
  upkeep = new TapeUpkeep({ store, recorder: new TapeRecorder(store), log, read: async () => undefined, coalesceMs: () => 500, retentionDays: 1, polls: false });
  return upkeep;
}

const kept = (symbol: string) => store.minutes(symbol, OLD, OLD + 60 * MINUTE).length;
const pruneLines = () => log.info.mock.calls.filter(([, message]) => message === 'tape: minutes past retention deleted').map(([data]) => data as object);

afterEach(() => {
  upkeep.stop();
  store.close();
  log.info.mockReset();
  log.error.mockReset();
});

describe('the tape upkeep rounds', () => {
  it('run a round asked for during a running one once more after it, for the instruments it did not have', async () => {
    upkeepOf(join(tempDir('perp-tape-upkeep-'), 'tape.sqlite'));
    store.writeMinutes([...oldMinutes(BTC, 3), ...oldMinutes(ETH, 3)]);
    upkeep.prune();
    // The round above knows BTC and ETH only; SOL arrives while it runs.
    store.writeMinutes(oldMinutes(SOL, 2));
    upkeep.prune();
    upkeep.prune();
    await vi.waitFor(() => expect(pruneLines()).toHaveLength(2));
    expect(pruneLines()).toEqual([{ rows: 6, retentionDays: 1 }, { rows: 2, retentionDays: 1 }]);
    expect([kept(BTC), kept(ETH), kept(SOL)]).toEqual([0, 0, 0]);
    // Settled: no third round was queued by the two asks.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pruneLines()).toHaveLength(2);
  });

  it('report an instrument that fails and go on with the others, leaving it for the next round', async () => {
    upkeepOf(join(tempDir('perp-tape-upkeep-'), 'tape.sqlite'));
    store.writeMinutes([...oldMinutes(BTC, 3), ...oldMinutes(ETH, 4), ...oldMinutes(SOL, 2)]);
    const pruneSome = store.pruneSome.bind(store);
    let diskFull = true;
    vi.spyOn(store, 'pruneSome').mockImplementation((symbol, before, max) => {
      if (symbol === ETH && diskFull) throw new Error('database or disk is full');
      return pruneSome(symbol, before, max);
    });
    upkeep.prune();
    await vi.waitFor(() => expect(pruneLines()).toHaveLength(1));
    expect(log.error.mock.calls).toEqual([[{ err: { message: 'database or disk is full' }, symbol: ETH }, 'tape: pruning failed']]);
    expect(pruneLines()).toEqual([{ rows: 5, retentionDays: 1 }]);
    expect([kept(BTC), kept(ETH), kept(SOL)]).toEqual([0, 4, 0]);

    diskFull = false;
    upkeep.prune();
    await vi.waitFor(() => expect(pruneLines()).toHaveLength(2));
    expect(pruneLines()[1]).toEqual({ rows: 4, retentionDays: 1 });
    expect(kept(ETH)).toBe(0);
  });
});
