import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { terminalConfig } from '@/service/config';
import { PhoneTradeBar } from '@/terminal/app/PhoneTradeBar';
import { useTicketStore } from '@/terminal/features/ticket/store';

const actions = () => useTicketStore.getState().actions;

beforeEach(() => {
  actions().clear(terminalConfig.durations);
  actions().selectMarket('PERP_BTC_USDC', '100000.0');
});

describe("the phone's trade bar", () => {
  it('turns no sized order to the other side in place: it is set aside and a new order starts on that side', async () => {
    const user = userEvent.setup();
    render(<PhoneTradeBar />);
    const row = useTicketStore.getState().rows[0]!;
    actions().updateRow(row.id, { side: 'BUY', size: '0.004' });
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    const state = useTicketStore.getState();
    expect(state.aside[0]?.rows).toEqual([expect.objectContaining({ side: 'BUY', size: '0.004', price: '100000.0' })]);
    expect(state.rows).toEqual([expect.objectContaining({ side: 'SELL', size: '' })]);
  });

  it('sets the side of an order not yet sized, as picked', async () => {
    const user = userEvent.setup();
    render(<PhoneTradeBar />);
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    expect(useTicketStore.getState().rows).toEqual([expect.objectContaining({ side: 'SELL', size: '' })]);
    expect(useTicketStore.getState().aside).toEqual([]);
  });
});
