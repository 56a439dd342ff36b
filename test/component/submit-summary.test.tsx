import { act, render, screen } from '@testing-library/react';
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { SubmitSummary } from '@/terminal/features/ticket/components/SubmitSummary';
import type { TicketSummary } from '@/terminal/features/ticket/model/checkTicket';
import { useTicketStore } from '@/terminal/features/ticket/store';

const oneToFix: TicketSummary = {
  orders: 1, toFix: 1, legs: [], groups: [], totalNotional: new Big(0), furthestFromMark: null, requests: 1, seconds: 0, warnings: [],
  largestMarketNotional: null, unboundedMarkets: 0,
};

describe('the ticket summary', () => {
  it('says nothing is "to fix" in an empty ticket until the trader sizes an order or tries to send', () => {
    render(<SubmitSummary summary={oneToFix} />);
    const orders = () => screen.getByText('Orders').nextElementSibling!;
    expect(orders()).not.toHaveTextContent(/to fix/);
    act(() => useTicketStore.setState({ attempted: true }));
    expect(orders()).toHaveTextContent('0 ready · 1 to fix');
    act(() => useTicketStore.setState((state) => ({ attempted: false, rows: state.rows.map((row) => ({ ...row, size: '1' })) })));
    expect(orders()).toHaveTextContent('0 ready · 1 to fix');
  });
});
