import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PanelHosts } from '@/terminal/features/workspace/components/PanelHosts';
import { PanelSlot } from '@/terminal/features/workspace/components/PanelSlot';
import type { PanelRegistry } from '@/terminal/features/workspace/types';

let chartFails = true;
function Chart(): never | React.JSX.Element {
  if (chartFails) throw new Error('the theme does not define --color-up');
  return <section aria-label="Chart">candles</section>;
}
function Ticket() {
  const [quantity, setQuantity] = useState('');
  return (
    <section aria-label="Order ticket">
      <label>
        Quantity <input value={quantity} onChange={(event) => setQuantity(event.target.value)} />
      </label>
    </section>
  );
}

const panels = {
  chart: { title: 'Chart', label: 'Chart', Component: Chart, useHeader: () => ({}) },
  ticket: { title: 'Ticket', label: 'Order ticket', Component: Ticket, useHeader: () => ({}) },
} as unknown as PanelRegistry;

afterEach(() => vi.restoreAllMocks());

describe('a panel that fails', () => {
  it('says so in its own place, leaves the others working, and can be started again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <PanelHosts panels={panels} shown={['chart', 'ticket']} />
        <PanelSlot id="chart" />
        <PanelSlot id="ticket" />
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The Chart panel stopped: the theme does not define --color-up');
    expect(logged.mock.calls.some(([message]) => String(message).includes('The Chart panel stopped'))).toBe(true);
    await userEvent.type(screen.getByLabelText('Quantity'), '0.25');
    expect(screen.getByLabelText('Quantity')).toHaveValue('0.25');
    chartFails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Start it again' }));
    expect(screen.getByRole('region', { name: 'Chart' })).toHaveTextContent('candles');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Quantity')).toHaveValue('0.25');
  });
});
