import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindingsWith, chordOf, rebind, useHotkeys } from '@/terminal/features/hotkeys';
import { registerCommands } from '@/terminal/shared/commands/registry';

const press = (key: string, extra: Partial<KeyboardEventInit> = {}) => ({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...extra });

describe('chords', () => {
  it('write a key press one way: Mod for Ctrl or ⌘, Alt digits by their place, a sign without its Shift', () => {
    expect(chordOf(press('k', { ctrlKey: true }))).toBe('Mod+K');
    expect(chordOf(press('k', { metaKey: true }))).toBe('Mod+K');
    expect(chordOf(press('?', { shiftKey: true }))).toBe('?');
    expect(chordOf(press('B', { shiftKey: true }))).toBe('Shift+B');
    expect(chordOf({ ...press('¡', { altKey: true }), code: 'Digit1' })).toBe('Alt+1');
    expect(chordOf(press('Shift', { shiftKey: true }))).toBeUndefined();
  });
});

describe('bindings', () => {
  it('take the trader\'s key over the default', () => {
    const buy = (overrides: Record<string, string>) => bindingsWith(overrides).find((binding) => binding.command === 'ticket.buy')?.keys;
    expect(buy({})).toBe('B');
    expect(buy({ 'ticket.buy': 'U' })).toBe('U');
  });

  it('refuse a key another shortcut has, naming it, and keys the ticket and dialogs keep', () => {
    expect(rebind({}, 'ticket.buy', 'S')).toEqual({ ok: false, reason: 'S is already "Sell side" (Ticket); change that one first.' });
    // Moved away from S, the key is free again.
    expect(rebind({ 'ticket.sell': 'X' }, 'ticket.buy', 'S')).toEqual({ ok: true, overrides: { 'ticket.sell': 'X', 'ticket.buy': 'S' } });
    expect(rebind({}, 'ticket.buy', 'Enter')).toMatchObject({ ok: false, reason: expect.stringMatching(/^Enter is kept/) });
    expect(rebind({}, 'ticket.buy', 'B')).toEqual({ ok: true, overrides: { 'ticket.buy': 'B' } });
  });
});

function Page({ overrides }: { overrides: Record<string, string> }) {
  useHotkeys(overrides);
  return (
    <>
      <label>
        Quantity <input />
      </label>
      <label>
        <input type="checkbox" /> Post only
      </label>
      <label>
        Account
        <select defaultValue="hedge">
          <option value="main">main</option>
          <option value="hedge">hedge</option>
        </select>
      </label>
    </>
  );
}

describe('the hotkeys on the page', () => {
  let unregister = () => {};
  afterEach(() => unregister());

  it('run the bound command, not while typing in a field, except the palette', () => {
    const ran = vi.fn();
    unregister = registerCommands(
      ['ticket.buy', 'palette.open'].map((id) => ({ id, title: id, group: 'Test', run: () => ran(id) })),
    );
    render(<Page overrides={{}} />);
    fireEvent.keyDown(document.body, { key: 'b' });
    expect(ran).toHaveBeenLastCalledWith('ticket.buy');
    ran.mockClear();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Quantity' }), { key: 'b' });
    expect(ran).not.toHaveBeenCalled();
    // A checkbox is not typing: the shortcut works there.
    fireEvent.keyDown(screen.getByRole('checkbox', { name: 'Post only' }), { key: 'b' });
    expect(ran).toHaveBeenLastCalledWith('ticket.buy');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Quantity' }), { key: 'k', ctrlKey: true });
    expect(ran).toHaveBeenLastCalledWith('palette.open');
    // A drop-down is not typing either: a bound key is the hotkey's, and its type-ahead does not
    // pick another option in silence (M for "price at mark" once switched the account to main).
    ran.mockClear();
    const select = screen.getByRole('combobox', { name: 'Account' });
    const bound = new KeyboardEvent('keydown', { key: 'b', bubbles: true, cancelable: true });
    select.dispatchEvent(bound);
    expect(ran).toHaveBeenLastCalledWith('ticket.buy');
    expect(bound.defaultPrevented).toBe(true);
    const unbound = new KeyboardEvent('keydown', { key: 'q', bubbles: true, cancelable: true });
    select.dispatchEvent(unbound);
    expect(unbound.defaultPrevented).toBe(false);
  });

  it('follow a rebinding, and do nothing for a command nobody registered (a workspace to come)', () => {
    const ran = vi.fn();
    unregister = registerCommands([{ id: 'ticket.buy', title: 'Buy', group: 'Test', run: ran }]);
    render(<Page overrides={{ 'ticket.buy': 'U' }} />);
    fireEvent.keyDown(document.body, { key: 'b' });
    expect(ran).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'u' });
    expect(ran).toHaveBeenCalledOnce();
    const event = new KeyboardEvent('keydown', { key: '1', code: 'Digit1', altKey: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});
