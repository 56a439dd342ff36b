import { describe, expect, it } from 'vitest';
import type { HeldOrder } from '@/interface';
import { terminalConfig } from '@/service/config';
import { useTicketStore } from '@/terminal/features/ticket/store';

const actions = () => useTicketStore.getState().actions;
const stop = { kind: 'held' as const, body: { type: 'STOP_MARKET' as const, symbol: 'PERP_BTC_USDC', side: 'SELL' as const, order_quantity: 0.002, trigger_price: 99_407.1 } };
const armed = { id: 'h-1', state: 'armed' } as HeldOrder;

describe('a held order armed while the trader types on', () => {
  it('clears the size it armed, and keeps a size typed while the request was on its way', () => {
    actions().clear(terminalConfig.durations);
    actions().selectMarket('PERP_BTC_USDC', '100000.0');
    const id = useTicketStore.getState().rows[0]!.id;
    actions().updateRow(id, { size: '0.002' });
    const pending = actions().beginArm(stop);
    actions().updateRow(id, { size: '0.007' });
    actions().finishArm({ key: pending.key, mode: 'held', order: armed });
    expect(useTicketStore.getState().rows[0]).toMatchObject({ size: '0.007' });
    // Untouched meanwhile: cleared, so a second click cannot arm the same order again.
    const again = actions().beginArm({ ...stop, body: { ...stop.body, order_quantity: 0.007 } });
    actions().finishArm({ key: again.key, mode: 'held', order: armed });
    expect(useTicketStore.getState().rows[0]).toMatchObject({ size: '' });
  });
});
