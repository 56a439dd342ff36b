import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useLocale } from '@/terminal/shared/i18n/i18n';
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
  useLocale();
  const [waiting, setWaiting] = useState<string | null>(null);
  const [note, setNote] = useState('');
  return (
    <fieldset className="bindings">
      <legend>{t`Keyboard shortcuts`}</legend>
      <p className="muted">{t`Choose Change, then press the new key; Escape keeps the old one.`}</p>
      <ul>
        {bindingsWith(overrides).map(({ title, ...binding }) => (
          <li key={binding.command} className="shortcuts__row">
            <span>{title}</span>
            <Keys keys={binding.keys} />
            <button
              type="button"
              className="button button--ghost"
              aria-label={waiting === binding.command ? t`Press the new key for ${title}` : t`Change ${title}`}
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
                setNote(t`${title} is now ${keys}.`);
              }}
            >
              {waiting === binding.command ? t`Press a key…` : t({ message: 'Change', context: 'change a keyboard shortcut' })}
            </button>
          </li>
        ))}
      </ul>
      <p role="status" className="bindings__note">
        {note}
      </p>
      <button type="button" className="button" onClick={onReset}>
        {t`Reset all shortcuts`}
      </button>
    </fieldset>
  );
}
