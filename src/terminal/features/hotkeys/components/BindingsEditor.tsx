import { useState } from 'react';
import { bindingsWith, rebind } from '../model/bindings';
import { chordOf } from '../model/chord';
import { Keys } from './Keys';
import '../hotkeys.css';

interface BindingsEditorProps {
  overrides: Readonly<Record<string, string>>;
  onBind: (command: string, keys: string) => void;
  onReset: () => void;
}

/** Each shortcut with a button to give it a new key; a key another shortcut has is refused with why. */
export function BindingsEditor({ overrides, onBind, onReset }: BindingsEditorProps) {
  const [waiting, setWaiting] = useState<string | null>(null);
  const [note, setNote] = useState('');
  return (
    <fieldset className="bindings">
      <legend>Keyboard shortcuts</legend>
      <p className="muted">Choose Change, then press the new key; Escape keeps the old one.</p>
      <ul>
        {bindingsWith(overrides).map((binding) => (
          <li key={binding.command} className="shortcuts__row">
            <span>{binding.title}</span>
            <Keys keys={binding.keys} />
            <button
              type="button"
              className="button button--ghost"
              aria-label={waiting === binding.command ? `Press the new key for ${binding.title}` : `Change ${binding.title}`}
              onClick={() => setWaiting(binding.command)}
              onBlur={() => setWaiting((current) => (current === binding.command ? null : current))}
              onKeyDown={(event) => {
                if (waiting !== binding.command || event.key === 'Tab') return;
                event.preventDefault();
                event.stopPropagation();
                if (event.key === 'Escape') return setWaiting(null);
                const keys = chordOf(event);
                if (!keys) return;
                const result = rebind(overrides, binding.command, keys);
                setWaiting(null);
                if (!result.ok) return setNote(result.reason);
                onBind(binding.command, keys);
                setNote(`${binding.title} is now ${keys}.`);
              }}
            >
              {waiting === binding.command ? 'Press a key…' : 'Change'}
            </button>
          </li>
        ))}
      </ul>
      <p role="status" className="bindings__note">
        {note}
      </p>
      <button type="button" className="button" onClick={onReset}>
        Reset all shortcuts
      </button>
    </fieldset>
  );
}
