import { useEffect, useRef, useState } from 'react';
import { isTyping } from '../shared/commands/typing';

export interface EarlyKey {
  init: KeyboardEventInit;
}

const MODIFIERS = new Set(['Control', 'Shift', 'Alt', 'Meta']);

/** A modifier alone, typing in a field, or a key something on the page acted on: not a hotkey to keep. */
const takenHere = (event: KeyboardEvent) => MODIFIERS.has(event.key) || event.defaultPrevented || event.repeat || isTyping(event.target);

const initOf = (event: KeyboardEvent): KeyboardEventInit => ({
  key: event.key,
  code: event.code,
  ctrlKey: event.ctrlKey,
  metaKey: event.metaKey,
  shiftKey: event.shiftKey,
  altKey: event.altKey,
  bubbles: true,
  cancelable: true,
});

/**
 * A key pressed before the hotkeys' code has come (it loads after the first prices), outside a
 * field and not taken by what had focus: the first one is kept, and asks for that code at once.
 * The trader who presses Ctrl+K as the prices appear gets the palette a moment later, not nothing.
 */
export function useEarlyKey(toolsListening: boolean): EarlyKey | undefined {
  const [early, setEarly] = useState<EarlyKey>();
  useEffect(() => {
    if (toolsListening || early) return;
    const onKey = (event: KeyboardEvent) => {
      if (!takenHere(event)) setEarly({ init: initOf(event) });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [toolsListening, early]);
  return early;
}

/**
 * Rendered just after the hotkeys, so its effect runs once they listen: says so (until then a key
 * is kept, even while their code loads), and presses the early key again, once.
 */
export function PressAgain({ early, onListening }: { early: EarlyKey | undefined; onListening: () => void }) {
  const pressed = useRef(false);
  useEffect(onListening, [onListening]);
  useEffect(() => {
    if (!early || pressed.current) return;
    pressed.current = true;
    // To the page's hotkeys only (they listen on the document), never again to what had focus.
    document.dispatchEvent(new KeyboardEvent('keydown', early.init));
  }, [early]);
  return null;
}
