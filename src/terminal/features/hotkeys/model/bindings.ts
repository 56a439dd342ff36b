import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { DEFAULT_KEYS, keyProblems, type HotkeyCommand } from '@/terminal/shared/commands/keyRules';
import type { Chord } from './chord';
import { keysOf } from './chord';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

export interface Binding {
  /** The command it runs (shared/commands). */
  command: string;
  title: string;
  group: string;
  keys: Chord;
  /** Runs even while the cursor is in a field: only what cannot be typed by mistake. */
  whileTyping?: boolean;
}

/** A binding as the module holds it: its words are read in the language of the moment (bindingsWith). */
interface DefaultBinding extends Omit<Binding, 'title' | 'group'> {
  title: MessageDescriptor;
  group: MessageDescriptor;
}

const TERMINAL = msg({ message: 'Terminal', context: 'group of commands' });
const MARKETS = msg({ message: 'Markets', context: 'group of commands' });
const TICKET = msg({ message: 'Ticket', context: 'group of commands' });
const PANELS = msg({ message: 'Panels', context: 'group of commands' });
const HELD = msg({ message: 'Held orders', context: 'group of commands' });
const WORKSPACES = msg({ message: 'Workspaces', context: 'group of commands' });

type Words = Pick<DefaultBinding, 'title' | 'group' | 'whileTyping'>;

const WORDS: Record<HotkeyCommand, Words> = {
  'palette.open': { title: msg`Command palette`, group: TERMINAL, whileTyping: true },
  'shortcuts.open': { title: msg`Keyboard shortcuts`, group: TERMINAL },
  'settings.open': { title: msg`Settings`, group: TERMINAL },
  'markets.search': { title: msg`Search markets`, group: MARKETS },
  'markets.previous': { title: msg`Previous market`, group: MARKETS },
  'markets.next': { title: msg`Next market`, group: MARKETS },
  'markets.favorite': { title: msg`Pin or unpin the market`, group: MARKETS },
  'ticket.buy': { title: msg`Buy side`, group: TICKET },
  'ticket.sell': { title: msg`Sell side`, group: TICKET },
  'ticket.price': { title: msg`Go to the price`, group: TICKET },
  'ticket.quantity': { title: msg`Go to the quantity`, group: TICKET },
  'ticket.mark': { title: msg({ message: 'Price at mark', context: 'set the order price to the mark price' }), group: TICKET },
  'ticket.addRow': { title: msg`Add an order`, group: TICKET },
  'ticket.nextTool': { title: msg`Next ticket tab (order, ladder, paste)`, group: TICKET },
  'panel.markets': { title: msg`Go to the markets`, group: PANELS },
  'panel.ticket': { title: msg`Go to the ticket`, group: PANELS },
  'panel.account': { title: msg`Go to the account`, group: PANELS },
  'held.cancelMarket': { title: msg`Cancel held orders in this market`, group: HELD },
  'held.cancelAll': { title: msg`Cancel all held orders`, group: HELD },
  ...(Object.fromEntries(
    Array.from({ length: 9 }, (_, index) => {
      const number = index + 1;
      return [`workspace.switch.${number}`, { title: msg`Workspace ${number}`, group: WORKSPACES }];
    }),
  ) as Record<Extract<HotkeyCommand, `workspace.${string}`>, Words>),
};

/** Every hotkey with its default key (shared/commands/keyRules), in the order the shortcut sheet lists them. */
export const DEFAULT_BINDINGS: readonly DefaultBinding[] = (Object.keys(DEFAULT_KEYS) as HotkeyCommand[]).map((command) => ({
  command,
  keys: DEFAULT_KEYS[command],
  ...WORDS[command],
}));

/** The bindings in force: the defaults with the trader's keys over them, in the active language. */
export function bindingsWith(overrides: Readonly<Record<string, Chord>>): Binding[] {
  return DEFAULT_BINDINGS.map((binding) => ({
    ...binding,
    title: i18n._(binding.title),
    group: i18n._(binding.group),
    keys: overrides[binding.command] ?? binding.keys,
  }));
}

export type Rebinding = { ok: true; overrides: Record<string, Chord> } | { ok: false; reason: string };

/**
 * A new key for a command, refused (with why) by the rules a settings file is checked against too
 * (keyProblems): a reserved key, a command that does not exist, a key another command has.
 */
export function rebind(overrides: Readonly<Record<string, Chord>>, command: string, keys: Chord): Rebinding {
  const shown = keysOf(keys).join('+');
  const next = { ...overrides, [command]: keys };
  const problem = keyProblems(next).find((found) => found.command === command || (found.kind === 'taken' && found.other === command));
  if (!problem) return { ok: true, overrides: next };
  if (problem.kind === 'reserved') return { ok: false, reason: t`${shown} is kept for the ticket and dialogs; choose another key.` };
  if (problem.kind === 'unknown') return { ok: false, reason: t`There is no shortcut "${command}".` };
  if (problem.kind === 'unreadable') return { ok: false, reason: t`${shown} is not a key a shortcut can take.` };
  const other = problem.command === command ? problem.other : problem.command;
  const taken = bindingsWith(overrides).find((binding) => binding.command === other);
  const { title, group } = taken ?? { title: other, group: '' };
  return { ok: false, reason: t`${shown} is already "${title}" (${group}); change that one first.` };
}

/** The binding a chord runs, if any. */
export function bindingFor(bindings: readonly Binding[], keys: Chord): Binding | undefined {
  return bindings.find((binding) => binding.keys === keys);
}
