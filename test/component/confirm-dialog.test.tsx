import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { terminalConfig } from '@/service/config';
import { ConfirmDialog } from '@/terminal/features/ticket/components/ConfirmDialog';
import { checkTicket, type TicketContext } from '@/terminal/features/ticket/model/checkTicket';
import { newDraftRow } from '@/terminal/features/ticket/model/rows';
import type { DraftRow, MarketContext } from '@/terminal/features/ticket/model/types';

const eth: MarketContext = { symbol: 'PERP_ETH_USDC', mark_price: 3440, priceDecimals: 2, quantityDecimals: 3 };
const durations = terminalConfig.durations;
const context: TicketContext = { markets: new Map([[eth.symbol, eth]]), durations, usedClientOrderIds: new Set() };
const limit = (extra: Partial<DraftRow>): DraftRow => ({ ...newDraftRow(durations, eth.symbol), price: '3400', size: '1', ...extra });
const market = (extra: Partial<DraftRow>): DraftRow => limit({ kind: 'market', durationId: '', price: '', ...extra });

/** The dialog's order lines, cell by cell, as the trader reads them. */
function linesOf(drafts: DraftRow[], ctx = context) {
  const { summary } = checkTicket(drafts, ctx);
  render(<ConfirmDialog summary={summary} onConfirm={vi.fn()} onCancel={vi.fn()} />);
  const table = within(screen.getByRole('dialog')).getByRole('table', { name: 'Orders to send' });
  const header = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
  const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
  return { header, rows };
}

describe('the confirmation lists each order as it will be sent', () => {
  it('gives type, duration, side, quantity, price or bound and notional for every line', () => {
    const { header, rows } = linesOf([
      limit({}),
      limit({ price: '3300', size: '2' }),
      limit({ durationId: 'POST_ONLY', side: 'SELL', price: '3500' }),
      limit({ durationId: 'IOC', price: '3450' }),
      limit({ durationId: 'FOK', price: '3450', size: '0.5' }),
      market({ size: '3' }),
      market({ side: 'SELL', size: '1000', sizeUnit: 'amount' }),
    ]);
    expect(header).toEqual(['Market', 'Side', 'Type', 'Duration', 'Orders', 'Quantity', 'Price', 'Notional (USDC)']);
    expect(rows).toEqual([
      ['PERP_ETH_USDC', 'BUY', 'LIMIT', 'Good till cancelled', '2', '3', '3,300–3,400', '10,000.00'],
      ['PERP_ETH_USDC', 'SELL', 'POST_ONLY', 'Post only', '1', '1', '3,500', '3,500.00'],
      ['PERP_ETH_USDC', 'BUY', 'IOC', 'Immediate or cancel', '1', '1', '3,450', '3,450.00'],
      ['PERP_ETH_USDC', 'BUY', 'FOK', 'Fill or kill', '1', '0.5', '3,450', '1,725.00'],
      // 3440 × 1.005 = 3457.20; 3440 × 0.995 = 3422.80, and 1000 USDC ÷ 3422.80 = 0.292 ETH.
      ['PERP_ETH_USDC', 'BUY', 'Market (IOC at most 3,457.20)', 'Immediate (IOC)', '1', '3', 'at most 3,457.20', '≈ 10,320.00 at mark'],
      ['PERP_ETH_USDC', 'SELL', 'Market (IOC at least 3,422.80)', 'Immediate (IOC)', '1', '0.292', 'at least 3,422.80', '≈ 1,004.48 at mark'],
    ]);
  });

  it('says a market order with the bound off goes as MARKET at any price', () => {
    const { rows } = linesOf([market({ size: '3' }), market({ side: 'SELL', size: '1000', sizeUnit: 'amount' })], { ...context, marketSlippage: null });
    expect(rows).toEqual([
      ['PERP_ETH_USDC', 'BUY', 'MARKET', 'Immediate', '1', '3', 'Market price, no bound', '≈ 10,320.00 at mark'],
      ['PERP_ETH_USDC', 'SELL', 'MARKET', 'Immediate', '1', '1,000 USDC', 'Market price, no bound', '≈ 1,000.00 at mark'],
    ]);
  });
});
