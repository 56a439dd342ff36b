import { t } from '@lingui/core/macro';
import { useId } from 'react';
import { useLocale } from '@/terminal/shared/i18n/i18n';
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
  useLocale();
  const headingId = useId();
  // Not memoised: the titles and groups are words of the active language, and a few dozen are cheap.
  const groups = byGroup(bindingsWith(overrides));
  if (!open) return null;
  return (
    <Dialog title={t`Keyboard shortcuts`} onClose={hide} className="shortcuts">
      <p className="muted">
        {t`Shortcuts do nothing while you type in a field, except the palette. Sending an order always takes the ticket's own button or Enter in the ticket.`}
      </p>
      <p className="muted">
        {t`On an order with a size, the side, market and price keys never change it: they start a new order and set the sized one aside, under the ticket, where Restore brings it back.`}
      </p>
      <div className="shortcuts__groups">
        {groups.map(([group, bindings], index) => (
          <section key={group} aria-labelledby={`${headingId}-${index}`}>
            <h3 id={`${headingId}-${index}`}>{group}</h3>
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
