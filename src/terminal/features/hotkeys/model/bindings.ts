import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
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
const WORKSPACES = msg({ message: 'Workspaces', context: 'group of commands' });

const workspaces: DefaultBinding[] = Array.from({ length: 9 }, (_, index) => {
  const number = index + 1;
  return { command: `workspace.switch.${number}`, title: msg`Workspace ${number}`, group: WORKSPACES, keys: `Alt+${number}` };
});

/** Every hotkey with its default key, in the order the shortcut sheet lists them. */
export const DEFAULT_BINDINGS: readonly DefaultBinding[] = [
  { command: 'palette.open', title: msg`Command palette`, group: TERMINAL, keys: 'Mod+K', whileTyping: true },
  { command: 'shortcuts.open', title: msg`Keyboard shortcuts`, group: TERMINAL, keys: '?' },
  { command: 'settings.open', title: msg`Settings`, group: TERMINAL, keys: 'Mod+,' },
  { command: 'markets.search', title: msg`Search markets`, group: MARKETS, keys: '/' },
  { command: 'markets.previous', title: msg`Previous market`, group: MARKETS, keys: '[' },
  { command: 'markets.next', title: msg`Next market`, group: MARKETS, keys: ']' },
  { command: 'markets.favorite', title: msg`Pin or unpin the market`, group: MARKETS, keys: 'F' },
  { command: 'ticket.buy', title: msg`Buy side`, group: TICKET, keys: 'B' },
  { command: 'ticket.sell', title: msg`Sell side`, group: TICKET, keys: 'S' },
  { command: 'ticket.price', title: msg`Go to the price`, group: TICKET, keys: 'P' },
  { command: 'ticket.quantity', title: msg`Go to the quantity`, group: TICKET, keys: 'Q' },
  { command: 'ticket.mark', title: msg({ message: 'Price at mark', context: 'set the order price to the mark price' }), group: TICKET, keys: 'M' },
  { command: 'ticket.addRow', title: msg`Add an order`, group: TICKET, keys: 'N' },
  { command: 'ticket.nextTool', title: msg`Next ticket tab (order, ladder, paste)`, group: TICKET, keys: 'T' },
  { command: 'panel.markets', title: msg`Go to the markets`, group: PANELS, keys: 'Alt+M' },
  { command: 'panel.ticket', title: msg`Go to the ticket`, group: PANELS, keys: 'Alt+T' },
  { command: 'panel.account', title: msg`Go to the account`, group: PANELS, keys: 'Alt+A' },
  ...workspaces,
];

/** Keys a hotkey may not take: they move the focus, send from the ticket or close dialogs. */
const RESERVED = new Set(['Escape', 'Enter', 'Tab', 'Shift+Tab', 'Space', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

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

/** A new key for a command, refused (with why) when it is reserved or another command has it. */
export function rebind(overrides: Readonly<Record<string, Chord>>, command: string, keys: Chord): Rebinding {
  const shown = keysOf(keys).join('+');
  if (RESERVED.has(keys)) return { ok: false, reason: t`${shown} is kept for the ticket and dialogs; choose another key.` };
  const bindings = bindingsWith(overrides);
  if (!bindings.some((binding) => binding.command === command)) return { ok: false, reason: t`There is no shortcut "${command}".` };
  const taken = bindings.find((binding) => binding.keys === keys && binding.command !== command);
  if (taken) {
    const { title, group } = taken;
    return { ok: false, reason: t`${shown} is already "${title}" (${group}); change that one first.` };
  }
  return { ok: true, overrides: { ...overrides, [command]: keys } };
}

/** The binding a chord runs, if any. */
export function bindingFor(bindings: readonly Binding[], keys: Chord): Binding | undefined {
  return bindings.find((binding) => binding.keys === keys);
}
