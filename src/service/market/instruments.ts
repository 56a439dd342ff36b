/**
 * What the service knows of an instrument and the interface does not carry: its price tick and
 * quantity step (both powers of ten, so a client can infer them from the digits it sees) and how
 * lively it is.
 */
export interface Instrument {
  symbol: string;
  /** Price near which the simulation starts, in USDC. */
  startPrice: number;
  /** Decimals of the price tick: 1 means a tick of 0.1. */
  priceDecimals: number;
  /** Decimals of the quantity step: 3 means a step of 0.001, 0 a step of 1. */
  quantityDecimals: number;
  /** Standard deviation of the log price per second. */
  volatility: number;
  /** Open interest at start, in base units. */
  openInterest: number;
}

// [base, start price, price decimals, quantity decimals, volatility per second (1e-4)]
const table: [string, number, number, number, number][] = [
  ['BTC', 100_000, 1, 4, 1.6],
  ['ETH', 3_500, 2, 3, 2.0],
  ['SOL', 180, 3, 2, 2.6],
  ['BNB', 650, 2, 2, 1.8],
  ['XRP', 2.2, 4, 1, 2.6],
  ['DOGE', 0.18, 5, 0, 3.0],
  ['ADA', 0.7, 4, 0, 2.8],
  ['AVAX', 30, 3, 2, 3.0],
  ['LINK', 18, 3, 2, 2.8],
  ['DOT', 6, 3, 1, 2.8],
  ['TRX', 0.25, 5, 0, 1.6],
  ['TON', 5, 4, 1, 2.4],
  ['SUI', 3.5, 4, 1, 3.4],
  ['LTC', 95, 2, 2, 2.2],
  ['BCH', 450, 2, 3, 2.4],
  ['NEAR', 5, 4, 1, 3.0],
  ['APT', 9, 3, 2, 3.0],
  ['ARB', 0.8, 4, 0, 3.2],
  ['OP', 1.8, 4, 1, 3.2],
  ['ATOM', 7, 3, 1, 2.8],
  ['FIL', 5, 3, 1, 3.0],
  ['INJ', 25, 3, 2, 3.4],
  ['TIA', 6, 4, 1, 3.6],
  ['SEI', 0.4, 4, 0, 3.6],
  ['WIF', 2.5, 4, 1, 4.2],
  ['PEPE', 0.000012, 9, 0, 4.4],
  ['SHIB', 0.000022, 9, 0, 3.4],
  ['BONK', 0.00003, 9, 0, 4.4],
  ['FLOKI', 0.00015, 8, 0, 4.2],
  ['AAVE', 300, 2, 2, 2.8],
  ['UNI', 10, 3, 1, 2.8],
  ['MKR', 1_800, 1, 3, 2.6],
  ['LDO', 1.8, 4, 1, 3.2],
  ['RENDER', 7, 3, 1, 3.4],
  ['FET', 1.4, 4, 1, 3.6],
  ['TAO', 450, 2, 3, 3.6],
  ['JUP', 1.0, 4, 0, 3.4],
  ['PYTH', 0.4, 4, 0, 3.4],
  ['ENA', 0.9, 4, 0, 3.8],
  ['ONDO', 1.2, 4, 0, 3.4],
  ['HYPE', 25, 3, 2, 3.8],
  ['ORDI', 35, 3, 2, 4.0],
  ['STX', 2, 4, 1, 3.2],
  ['IMX', 1.5, 4, 1, 3.2],
  ['GALA', 0.04, 5, 0, 3.4],
  ['SAND', 0.5, 4, 0, 3.0],
  ['CRV', 0.7, 4, 0, 3.4],
  ['GMX', 30, 3, 2, 3.0],
];

/** Notional open interest at start, as a fraction of a big market's, by rank. */
function openInterestFor(rank: number, price: number, quantityDecimals: number): number {
  const notional = 2_000_000_000 / (1 + rank) ** 1.3;
  const step = 10 ** -quantityDecimals;
  return Math.round(notional / price / step) * step;
}

export const listedInstruments: Instrument[] = table.map(([base, price, pd, qd, vol], rank) => ({
  symbol: `PERP_${base}_USDC`,
  startPrice: price,
  priceDecimals: pd,
  quantityDecimals: qd,
  volatility: vol * 1e-4,
  openInterest: openInterestFor(rank, price, qd),
}));

/**
 * `count` instruments: the listed ones first, then synthetic ones (for load tests and the
 * benchmark) with prices spread over the same magnitudes.
 */
export function instrumentsFor(count = listedInstruments.length): Instrument[] {
  const out = listedInstruments.slice(0, count);
  for (let i = out.length; i < count; i++) {
    const template = listedInstruments[i % listedInstruments.length]!;
    out.push({
      ...template,
      symbol: `PERP_SYN${String(i).padStart(4, '0')}_USDC`,
      startPrice: template.startPrice * (0.5 + ((i * 7919) % 1000) / 1000),
    });
  }
  return out;
}
