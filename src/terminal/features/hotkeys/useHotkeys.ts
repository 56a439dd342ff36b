import { useEffect, useMemo } from 'react';
import { runCommand } from '@/terminal/shared/commands/registry';
import { bindingFor, bindingsWith, type Binding } from './model/bindings';
import { chordOf, type KeyPress } from './model/chord';
import { isBehindDialog, isTyping } from '@/terminal/shared/commands/typing';

/** What a key press does: the command to run, or nothing (typing, behind a dialog, not bound). */
export function commandFor(bindings: readonly Binding[], press: KeyPress, target: EventTarget | null): string | undefined {
  const keys = chordOf(press);
  if (!keys) return undefined;
  const binding = bindingFor(bindings, keys);
  if (!binding) return undefined;
  if (isTyping(target) && !binding.whileTyping) return undefined;
  return binding.command;
}

/** Runs the trader's hotkeys on the whole page, with their own keys over the defaults. */
export function useHotkeys(overrides: Readonly<Record<string, string>>): void {
  const bindings = useMemo(() => bindingsWith(overrides), [overrides]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || isBehindDialog()) return;
      const command = commandFor(bindings, event, event.target);
      // A key whose command is not there (a workspace not made yet) is left to the browser.
      if (command && runCommand(command)) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [bindings]);
}
