import type { Chord } from './chord';
import { keysOf } from './chord';

export interface Binding {
  /** The command it runs (shared/commands). */
  command: string;
  title: string;
  group: string;
  keys: Chord;
  /** Runs even while the cursor is in a field: only what cannot be typed by mistake. */
  whileTyping?: boolean;
}

const workspaces: Binding[] = Array.from({ length: 9 }, (_, index) => ({
  command: `workspace.switch.${index + 1}`,
  title: `Workspace ${index + 1}`,
  group: 'Workspaces',
  keys: `Alt+${index + 1}`,
}));

/** Every hotkey with its default key, in the order the shortcut sheet lists them. */
export const DEFAULT_BINDINGS: readonly Binding[] = [
  { command: 'palette.open', title: 'Command palette', group: 'Terminal', keys: 'Mod+K', whileTyping: true },
  { command: 'shortcuts.open', title: 'Keyboard shortcuts', group: 'Terminal', keys: '?' },
  { command: 'settings.open', title: 'Settings', group: 'Terminal', keys: 'Mod+,' },
  { command: 'markets.search', title: 'Search markets', group: 'Markets', keys: '/' },
  { command: 'markets.previous', title: 'Previous market', group: 'Markets', keys: '[' },
  { command: 'markets.next', title: 'Next market', group: 'Markets', keys: ']' },
  { command: 'markets.favorite', title: 'Pin or unpin the market', group: 'Markets', keys: 'F' },
  { command: 'ticket.buy', title: 'Buy side', group: 'Ticket', keys: 'B' },
  { command: 'ticket.sell', title: 'Sell side', group: 'Ticket', keys: 'S' },
  { command: 'ticket.price', title: 'Go to the price', group: 'Ticket', keys: 'P' },
  { command: 'ticket.quantity', title: 'Go to the quantity', group: 'Ticket', keys: 'Q' },
  { command: 'ticket.mark', title: 'Price at mark', group: 'Ticket', keys: 'M' },
  { command: 'ticket.addRow', title: 'Add an order', group: 'Ticket', keys: 'N' },
  { command: 'ticket.nextTool', title: 'Next ticket tab (order, ladder, paste)', group: 'Ticket', keys: 'T' },
  { command: 'panel.markets', title: 'Go to the markets', group: 'Panels', keys: 'Alt+M' },
  { command: 'panel.ticket', title: 'Go to the ticket', group: 'Panels', keys: 'Alt+T' },
  { command: 'panel.account', title: 'Go to the account', group: 'Panels', keys: 'Alt+A' },
  ...workspaces,
];

/** Keys a hotkey may not take: they move the focus, send from the ticket or close dialogs. */
const RESERVED = new Set(['Escape', 'Enter', 'Tab', 'Shift+Tab', 'Space', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/** The bindings in force: the defaults with the trader's keys over them. */
export function bindingsWith(overrides: Readonly<Record<string, Chord>>): Binding[] {
  return DEFAULT_BINDINGS.map((binding) => {
    const keys = overrides[binding.command];
    return keys === undefined ? binding : { ...binding, keys };
  });
}

export type Rebinding = { ok: true; overrides: Record<string, Chord> } | { ok: false; reason: string };

/** A new key for a command, refused (with why) when it is reserved or another command has it. */
export function rebind(overrides: Readonly<Record<string, Chord>>, command: string, keys: Chord): Rebinding {
  const shown = keysOf(keys).join('+');
  if (RESERVED.has(keys)) return { ok: false, reason: `${shown} is kept for the ticket and dialogs; choose another key.` };
  const bindings = bindingsWith(overrides);
  if (!bindings.some((binding) => binding.command === command)) return { ok: false, reason: `There is no shortcut "${command}".` };
  const taken = bindings.find((binding) => binding.keys === keys && binding.command !== command);
  if (taken) return { ok: false, reason: `${shown} is already "${taken.title}" (${taken.group}); change that one first.` };
  return { ok: true, overrides: { ...overrides, [command]: keys } };
}

/** The binding a chord runs, if any. */
export function bindingFor(bindings: readonly Binding[], keys: Chord): Binding | undefined {
  return bindings.find((binding) => binding.keys === keys);
}
