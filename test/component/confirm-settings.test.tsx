import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmSettingsForm } from '@/terminal/features/ticket/components/ConfirmSettingsForm';
import { useTicketStore } from '@/terminal/features/ticket/store';
import { setFormatLocale } from '@/terminal/shared/format/locale';

afterEach(() => setFormatLocale('en'));

describe('the confirm settings in the language’s figures', () => {
  it('take a percentage with the locale’s decimal comma, and show the one in force with it', async () => {
    setFormatLocale('de');
    const user = userEvent.setup();
    render(<ConfirmSettingsForm />);
    const band = screen.getByLabelText('Warn of a limit through mark by more than (%)');
    await user.clear(band);
    await user.type(band, '1,5');
    expect(useTicketStore.getState().confirm.marketableBandPercent).toBe(1.5);
    expect(band).toHaveValue('1,5');
    // A half-typed value stays on screen; the one in force shows again when the field is left.
    await user.clear(band);
    await user.type(band, '0,');
    expect(band).toHaveValue('0,');
    await user.tab();
    expect(band).toHaveValue('1,5');
    expect(useTicketStore.getState().confirm.marketableBandPercent).toBe(1.5);
  });

  it('take the notional from which a ticket asks, as typed, in the language’s form', async () => {
    setFormatLocale('de');
    const user = userEvent.setup();
    render(<ConfirmSettingsForm />);
    const notional = screen.getByLabelText('From notional (USDC)');
    await user.clear(notional);
    await user.type(notional, '12500,5');
    expect(useTicketStore.getState().confirm.minNotional).toBe(12500.5);
    await user.type(notional, '{Backspace}{Backspace}');
    expect(notional).toHaveValue('12500');
    expect(useTicketStore.getState().confirm.minNotional).toBe(12500);
  });

  it('steps with the arrow keys, exactly', async () => {
    const user = userEvent.setup();
    render(<ConfirmSettingsForm />);
    const band = screen.getByLabelText('Warn of a limit through mark by more than (%)');
    await user.clear(band);
    await user.type(band, '0.2{ArrowUp}');
    expect(band).toHaveValue('0.3');
    expect(useTicketStore.getState().confirm.marketableBandPercent).toBe(0.3);
  });

  it('show the market order bound and the market confirmation threshold, 0.5% and 10,000 USDC unless set', async () => {
    const user = userEvent.setup();
    render(<ConfirmSettingsForm />);
    const slippage = screen.getByLabelText('Market order slippage, at most (%)');
    const marketNotional = screen.getByLabelText('Still ask for a market order from (USDC)');
    expect(slippage).toHaveValue('0.5');
    expect(marketNotional).toHaveValue('10000');
    await user.clear(slippage);
    await user.type(slippage, '1.2');
    expect(useTicketStore.getState().confirm.marketSlippagePercent).toBe(1.2);
    // Beyond the service's price band an IOC bound would be refused: not taken.
    await user.clear(slippage);
    await user.type(slippage, '12');
    expect(useTicketStore.getState().confirm.marketSlippagePercent).toBe(1);
    await user.clear(marketNotional);
    await user.type(marketNotional, '25000');
    expect(useTicketStore.getState().confirm.marketConfirmNotional).toBe(25000);
    await user.click(screen.getByLabelText('Bound market orders (off: sent as MARKET at any price, always asked)'));
    expect(useTicketStore.getState().confirm.boundMarketOrders).toBe(false);
    expect(screen.queryByLabelText('Market order slippage, at most (%)')).toBeNull();
  });
});
