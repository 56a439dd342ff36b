import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PressAgain, useEarlyKey } from '@/terminal/app/useEarlyKey';

const listening = vi.fn();

function Harness({ loaded }: { loaded: boolean }) {
  const early = useEarlyKey(false);
  return (
    <>
      <input aria-label="Quantity" />
      <output aria-label="early key">{early ? `${early.init.ctrlKey ? 'Ctrl+' : ''}${early.init.key}` : 'none'}</output>
      {loaded ? <PressAgain early={early} onListening={listening} /> : null}
    </>
  );
}

const heard = vi.fn();
const listen = (event: KeyboardEvent) => heard(`${event.ctrlKey ? 'Ctrl+' : ''}${event.key}`);
afterEach(() => {
  document.removeEventListener('keydown', listen);
  heard.mockClear();
});

describe('a key pressed before the hotkeys have loaded', () => {
  it('keeps the first hotkey-like press (not a modifier alone, not typing) and presses it again once, when they listen', () => {
    const { rerender } = render(<Harness loaded={false} />);
    fireEvent.keyDown(screen.getByLabelText('Quantity'), { key: 'b' });
    fireEvent.keyDown(document.body, { key: 'Control', ctrlKey: true });
    expect(screen.getByLabelText('early key')).toHaveTextContent('none');
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: '?' });
    expect(screen.getByLabelText('early key')).toHaveTextContent('Ctrl+k');
    // The hotkeys arrive and listen on the document; the kept key reaches them, once.
    document.addEventListener('keydown', listen);
    rerender(<Harness loaded />);
    rerender(<Harness loaded />);
    expect(heard.mock.calls).toEqual([['Ctrl+k']]);
    expect(listening).toHaveBeenCalled();
  });

  it('presses nothing when no key came early', () => {
    const { rerender } = render(<Harness loaded={false} />);
    document.addEventListener('keydown', listen);
    rerender(<Harness loaded />);
    expect(heard).not.toHaveBeenCalled();
  });
});
