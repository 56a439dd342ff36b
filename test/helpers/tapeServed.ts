import type { FuturesResponse, TapeCandle } from '@/interface';
import type { FaultyService } from './faultyService';

/**
 * The candles the futures answers a service double served make, bucket by bucket (by the answers'
 * own timestamps): what the tape must hold, computed independently of it.
 */
export function candlesServed(served: FaultyService['served'], symbol: string, bucketMs = 60_000): TapeCandle[] {
  const byTime = new Map<number, TapeCandle>();
  for (const answer of served) {
    if (answer.path !== '/v1/public/futures' || answer.status !== 200) continue;
    let json: FuturesResponse;
    try {
      json = JSON.parse(answer.text) as FuturesResponse;
    } catch {
      continue;
    }
    const row = json.data.rows.find((item) => item.symbol === symbol);
    if (!row || typeof row.mark_price !== 'number') continue;
    const time = Math.floor(json.timestamp / bucketMs) * bucketMs;
    const candle = byTime.get(time);
    const price = row.mark_price;
    const last = { close: price, index_close: row.index_price, est_funding_rate: row.est_funding_rate, open_interest: row.open_interest, volume_24h: row['24h_volume'] };
    if (!candle) byTime.set(time, { time, open: price, high: price, low: price, ...last, samples: 1 });
    else Object.assign(candle, { high: Math.max(candle.high, price), low: Math.min(candle.low, price), ...last, samples: candle.samples + 1 });
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}
