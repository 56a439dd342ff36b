import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * One thing the trader can do from anywhere: the palette lists it, a hotkey runs it. Features and
 * the app register their own; a command that is not registered (a workspace that does not exist
 * yet) is simply not offered, and its hotkey does nothing.
 */
export interface Command {
  /** Stable: hotkey bindings and the palette's recent list refer to it. */
  id: string;
  /**
   * In the trader's words and language, as the palette and the shortcut sheet show it: the hook
   * that registers it builds it with `t` and calls useLocale, so a switch registers it again.
   */
  title: string;
  /** The heading it is listed under: "Ticket", "Markets", "Panels", "Terminal" (translated, as the title). */
  group: string;
  /** More words the palette matches: "long" for buy. */
  keywords?: readonly string[];
  run(): void;
  /** Work to start when the command is highlighted, so that running it is quick (a language's catalogue). */
  prepare?(): void;
}

interface CommandsState {
  commands: ReadonlyMap<string, Command>;
  add(commands: readonly Command[]): () => void;
}

export const useCommandsStore = create<CommandsState>()((set, get) => ({
  commands: new Map(),
  add(commands) {
    const next = new Map(get().commands);
    for (const command of commands) next.set(command.id, command);
    set({ commands: next });
    return () => {
      const left = new Map(get().commands);
      // Only what this registration put there: a later one of the same id stays.
      for (const command of commands) if (left.get(command.id) === command) left.delete(command.id);
      set({ commands: left });
    };
  },
}));

/** Adds commands (outside React: a feature's module, the workspace later); the result takes them away. */
export function registerCommands(commands: readonly Command[]): () => void {
  return useCommandsStore.getState().add(commands);
}

/** Runs a registered command; false when there is none of that id. */
export function runCommand(id: string): boolean {
  const command = useCommandsStore.getState().commands.get(id);
  if (!command) return false;
  command.run();
  return true;
}

/** Registers commands while the component is mounted; `commands` should be memoised. */
export function useRegisterCommands(commands: readonly Command[]): void {
  useEffect(() => registerCommands(commands), [commands]);
}

export const useCommands = () => useCommandsStore((state) => state.commands);
