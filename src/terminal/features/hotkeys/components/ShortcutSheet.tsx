import { useMemo } from 'react';
import { Dialog } from '@/terminal/shared/ui/Dialog';
import { bindingsWith, type Binding } from '../model/bindings';
import { useShortcutSheet } from '../sheetStore';
import { Keys } from './Keys';
import '../hotkeys.css';

function byGroup(bindings: readonly Binding[]): [string, Binding[]][] {
  const groups = new Map<string, Binding[]>();
  for (const binding of bindings) groups.set(binding.group, [...(groups.get(binding.group) ?? []), binding]);
  return [...groups];
}

/** Every shortcut in force, grouped, as keys to press; Escape closes it. */
export function ShortcutSheet({ overrides }: { overrides: Readonly<Record<string, string>> }) {
  const open = useShortcutSheet((state) => state.open);
  const hide = useShortcutSheet((state) => state.hide);
  const groups = useMemo(() => byGroup(bindingsWith(overrides)), [overrides]);
  if (!open) return null;
  return (
    <Dialog title="Keyboard shortcuts" onClose={hide} className="shortcuts">
      <p className="muted">Shortcuts do nothing while you type in a field, except the palette. Sending an order always takes the ticket&apos;s own button or Enter in the ticket.</p>
      <div className="shortcuts__groups">
        {groups.map(([group, bindings]) => (
          <section key={group} aria-labelledby={`shortcuts-${group}`}>
            <h3 id={`shortcuts-${group}`}>{group}</h3>
            <dl>
              {bindings.map((binding) => (
                <div key={binding.command} className="shortcuts__row">
                  <dt>{binding.title}</dt>
                  <dd>
                    <Keys keys={binding.keys} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
