import type { SessionStore } from '../sessions/sessionStore';
import type { LimitsStore } from './limitsStore';
import type { AuditEntry, DeskPeople } from './people';

/** A command line that says something wrong: exit 2, with the words naming the argument. */
export class UsageError extends Error {}

export interface DeskCommandContext {
  people: DeskPeople;
  sessions: SessionStore;
  limits: LimitsStore;
  /** Where the terminal is, as the proxy prints it: http://127.0.0.1:8080/ */
  terminalUrl: string;
  /** Whether a proxy answers at `url` now (a printed link is checked; absent: not checked). */
  answers?: (url: string) => Promise<boolean>;
  print(line: string): void;
  now?: () => number;
}

/** `--name value` options after the positional words; a flag without a value is an error. */
export function parse(args: readonly string[], allowed: readonly string[]) {
  const words: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const name = arg.slice(2);
    if (!allowed.includes(name)) throw new UsageError(`unknown option ${arg} (this command takes ${allowed.map((o) => `--${o}`).join(', ') || 'none'})`);
    const value = args[++i];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg}: give a value`);
    options.set(name, value);
  }
  return { words, options };
}

/** Appends to the audit as the command line: actor "cli", no address. */
export const record = (context: DeskCommandContext, entry: Omit<AuditEntry, 'actor' | 'address'>) =>
  context.people.append({ ...entry, actor: 'cli', address: null });
