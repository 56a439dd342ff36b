import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FirstRows } from '@/terminal/app/MarketsPanel';
import type { FuturesSnapshot } from '@/terminal/features/markets';
import type { MarketRow } from '@/terminal/features/markets/model/marketRow';

const row = { symbol: 'PERP_BTC_USDC', base: 'BTC', mark_price: 100_012.5, priceDecimals: 1, change24h: 0.0125 } as MarketRow;
const snapshot = { rows: [row], bySymbol: new Map([[row.symbol, row]]), serviceTime: 0, receivedAt: 0, advancedAt: 0, specs: new Map() } satisfies FuturesSnapshot;

describe("the markets panel's stand-in rows (before its grid's chunk arrives)", () => {
  it('show the prices in the terminal’s own form while they are live', () => {
    const { container } = render(<FirstRows snapshot={snapshot} stale={false} />);
    const table = container.querySelector('table.first-rows')!;
    expect(table).toHaveTextContent('BTC100012.5+1.25%');
    expect(table).not.toHaveClass('first-rows--stale');
  });

  it('grey out, as the inline rows do, once the prices have stopped coming', () => {
    const { container } = render(<FirstRows snapshot={snapshot} stale />);
    expect(container.querySelector('table.first-rows')).toHaveClass('first-rows--stale');
  });
});
