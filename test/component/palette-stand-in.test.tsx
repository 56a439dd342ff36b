import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PaletteHost, usePaletteStore } from '@/terminal/features/palette';

// The palette's code arrives late, as on the first Ctrl+K of a session over a network.
vi.mock('@/terminal/features/palette/components/Palette', async (importOriginal) => {
  await new Promise((resolve) => setTimeout(resolve, 400));
  return importOriginal();
});

beforeAll(() => {
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
});

describe('the palette, before its code has come', () => {
  it('takes the focus at once: what is typed next is its search, not a key in the ticket; Enter there sends nothing', async () => {
    const user = userEvent.setup();
    const enterInQuantity = vi.fn();
    render(
      <>
        <label>
          Quantity <input defaultValue="0.001" onKeyDown={(event) => event.key === 'Enter' && enterInQuantity()} />
        </label>
        <PaletteHost items={() => []} />
      </>,
    );
    await user.click(screen.getByLabelText('Quantity'));
    act(() => usePaletteStore.getState().actions.show());
    const standIn = screen.getByRole('textbox', { name: 'Search markets and commands' });
    expect(standIn).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toHaveAttribute('aria-modal', 'true');
    await user.keyboard('sol{Enter}');
    expect(enterInQuantity).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Quantity')).toHaveValue('0.001');
    // The palette arrives with what was typed, and takes the focus.
    const search = await screen.findByRole('combobox', {}, { timeout: 2000 });
    expect(search).toHaveValue('sol');
    expect(search).toHaveFocus();
  });
});
