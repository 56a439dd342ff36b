/**
 * What a hotkey may be bound to, as data the shortcut editor, a settings file (imported, or stored
 * in the browser) and the proxy's copy of a person's settings are all checked against: every
 * command's default key, the keys no hotkey may take, and what makes a set of bindings wrong. The
 * words for each problem are the caller's.
 */

type WorkspaceNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** Every command a hotkey runs, with its default key, in the order the shortcut sheet lists them. */
export const DEFAULT_KEYS = {
  'palette.open': 'Mod+K',
  'shortcuts.open': '?',
  'settings.open': 'Mod+,',
  'markets.search': '/',
  'markets.previous': '[',
  'markets.next': ']',
  'markets.favorite': 'F',
  'ticket.buy': 'B',
  'ticket.sell': 'S',
  'ticket.price': 'P',
  'ticket.quantity': 'Q',
  'ticket.mark': 'M',
  'ticket.addRow': 'N',
  'ticket.nextTool': 'T',
  'panel.markets': 'Alt+M',
  'panel.ticket': 'Alt+T',
  'panel.account': 'Alt+A',
  'held.cancelMarket': 'Alt+X',
  'held.cancelAll': 'Alt+Shift+X',
  ...(Object.fromEntries(Array.from({ length: 9 }, (_, index) => [`workspace.switch.${index + 1}`, `Alt+${index + 1}`])) as Record<
    `workspace.switch.${WorkspaceNumber}`,
    string
  >),
} as const satisfies Record<string, string>;
export type HotkeyCommand = keyof typeof DEFAULT_KEYS;

/** Keys a hotkey may not take: they move the focus, send from the ticket or close dialogs. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['Escape', 'Enter', 'Tab', 'Shift+Tab', 'Space', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * A chord as a key press writes it (chordOf): modifiers in this order, then one printed sign (a
 * letter as a capital) or a named key ("F5", "Home", "Delete").
 */
const CHORD = /^(Mod\+)?(Alt\+)?(Shift\+)?([^\sa-z]|[A-Z][A-Za-z0-9]{1,15})$/u;

export type KeyProblem =
  | { kind: 'unknown'; command: string; keys: string }
  | { kind: 'unreadable'; command: string; keys: string }
  | { kind: 'reserved'; command: string; keys: string }
  /** `keys` is also `other`'s (by default or as bound): one key, one command. */
  | { kind: 'taken'; command: string; keys: string; other: string };

export const isHotkeyCommand = (command: string): command is HotkeyCommand => Object.hasOwn(DEFAULT_KEYS, command);

/** What is wrong with the trader's keys over the defaults, one problem per command it names. */
export function keyProblems(overrides: Readonly<Record<string, string>>): KeyProblem[] {
  const problems: KeyProblem[] = [];
  const inForce = new Map<string, string>(Object.entries(DEFAULT_KEYS));
  const bound = new Set<string>();
  for (const [command, keys] of Object.entries(overrides)) {
    if (!isHotkeyCommand(command)) problems.push({ kind: 'unknown', command, keys });
    else if (!CHORD.test(keys)) problems.push({ kind: 'unreadable', command, keys });
    else if (RESERVED_KEYS.has(keys)) problems.push({ kind: 'reserved', command, keys });
    else {
      inForce.set(command, keys);
      bound.add(command);
    }
  }
  const holder = new Map<string, string>();
  for (const [command, keys] of inForce) {
    const other = holder.get(keys);
    if (other === undefined) {
      holder.set(keys, command);
      continue;
    }
    // Named on the command the trader bound, not on the one that kept its default.
    const named = bound.has(command) ? command : other;
    problems.push({ kind: 'taken', command: named, keys, other: named === command ? other : command });
  }
  return problems;
}
