import { msg, t } from '@lingui/core/macro';
import type * as z from 'zod/mini';
import type { StateCreator, StoreApi } from 'zustand';
import { persist, type PersistOptions, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { describeIssues } from '@/interface';
import { useToastStore } from '../ui/toast/toastStore';
import { say, type Words } from '../words';
import { guardLoad, isQuotaError, setAsideKey } from './loadGuard';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

/**
 * A store saved in localStorage that survives its own history: the stored value carries the
 * version of its shape, an older one is migrated step by step, and every load is checked with
 * zod. A value that cannot be read (not JSON, hand-edited, from a newer terminal, a field of the
 * wrong type) gives the defaults and a notice naming what was wrong — never a crash or a broken
 * screen.
 */
export interface PersistedOptions<T, S> {
  /** The localStorage key. */
  name: string;
  /**
   * What the trader calls it, for the notice: msg`table layouts`. A descriptor, not a string: the
   * store is made at import, before a language is chosen, and the notice speaks the chosen one.
   * A plain string is shown as it is, untranslated.
   */
  what: Words;
  /** The version of the stored shape: raised, with a migration, whenever the shape changes. */
  version: number;
  /**
   * From each older version to the next: `migrations[0]` turns a version 0 value into a version
   * 1 value. Version 0 is what the terminal stored before it versioned its values.
   */
  migrations: Readonly<Record<number, (older: unknown) => unknown>>;
  /** The stored value as this version writes it; every load is checked against it. */
  schema: z.ZodMiniType<S>;
  /** What of the state is stored. */
  partialize: (state: T) => S;
  /**
   * A value the trader can bring from a file (a workspace, the settings): when the page failed
   * while loading it, the next open sets it aside instead of failing again (loadGuard.ts).
   */
  guardLoad?: boolean;
}

/**
 * Why a stored value was not used, in words for the notice. It keeps the reason as a descriptor
 * (or, for a zod check, words the interface wrote), so the notice can say it in a later language.
 */
export class UnreadableStoredValue extends Error {
  override name = 'UnreadableStoredValue';
  readonly reason: Words;
  constructor(reason: Words) {
    super(say(reason));
    this.reason = reason;
  }
}

interface StorageHooks {
  guarded: boolean;
  /** A write the browser refused (its storage is full): nothing was saved. */
  refused(error: unknown): void;
}

/** localStorage as JSON; where there is none (Node), the store lives in memory only. */
function jsonStorage<S>(hooks: StorageHooks): PersistStorage<S> | undefined {
  if (typeof localStorage === 'undefined') return undefined;
  return {
    getItem(name) {
      const raw = localStorage.getItem(name);
      if (hooks.guarded && guardLoad(name, raw) === 'set-aside') {
        const key = setAsideKey(name);
        throw new UnreadableStoredValue(msg`The terminal failed while opening it last time, so it was set aside (kept in this browser as ${key}).`);
      }
      if (raw === null) return null;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        throw new UnreadableStoredValue(msg`It is not JSON.`);
      }
      const stored = value as Partial<StorageValue<unknown>> | null;
      if (typeof stored !== 'object' || stored === null || stored.state === undefined || typeof stored.version !== 'number') {
        throw new UnreadableStoredValue(msg`It is not a saved state with its version.`);
      }
      return stored as StorageValue<S>;
    },
    setItem(name, value) {
      try {
        localStorage.setItem(name, JSON.stringify(value));
      } catch (error) {
        if (!isQuotaError(error)) throw error;
        hooks.refused(error);
      }
    },
    removeItem(name) {
      localStorage.removeItem(name);
    },
  };
}

/** A stored value of an older version, brought up to `version` one step at a time. */
export function migrateStored(value: unknown, from: number, version: number, migrations: PersistedOptions<unknown, unknown>['migrations']): unknown {
  if (from > version) {
    throw new UnreadableStoredValue(msg`It was saved by a newer terminal (version ${from}; this one reads up to ${version}).`);
  }
  let migrated = value;
  for (let step = from; step < version; step++) {
    const migrate = migrations[step];
    if (!migrate) throw new UnreadableStoredValue(msg`It was saved in version ${from}, which this terminal no longer reads.`);
    migrated = migrate(migrated);
  }
  return migrated;
}

/** The notice's words in the active language: it may be shown after the trader picks another. */
function noticeWords(what: Words, error: unknown): { title: string; detail: string } {
  const thing = say(what);
  const failure = String(error);
  return {
    title: t({
      comment: 'thing: what was saved, e.g. "table layouts", "favorite markets", "settings"',
      message: `Reset: your saved ${thing} could not be read`,
    }),
    detail: error instanceof UnreadableStoredValue ? say(error.reason) : t`It could not be loaded (${failure}).`,
  };
}

function notify(name: string, what: Words, error: unknown): void {
  const words = () => noticeWords(what, error);
  useToastStore.getState().actions.push({ id: `stored:${name}`, tone: 'warning', ...words(), words, timeoutMs: 0 });
}

let refusals = 0;
const undoing = new Set<string>();
/** A change the browser had no room to save: said, and undone, so what is shown is what is kept. */
function refuse(name: string, what: Words, api: StoreApi<unknown>): void {
  // Undoing writes the last saved value back, which takes no more room; should it fail too, once.
  if (undoing.has(name)) return;
  const words = () => {
    const thing = say(what);
    return {
      title: t({ comment: 'thing: what was saved, e.g. "workspaces", "settings"', message: `Not saved: your ${thing} do not fit in the browser's storage` }),
      detail: t`The change was undone. Delete a saved workspace or clear other sites' data in the browser, then try again.`,
    };
  };
  useToastStore.getState().actions.push({ id: `stored-full:${name}:${++refusals}`, tone: 'error', ...words(), words, timeoutMs: 0 });
  undoing.add(name);
  try {
    // The last value that was saved comes back (localStorage is read at once: done on return);
    // with none saved yet, the defaults.
    if (localStorage.getItem(name) === null) api.setState(api.getInitialState(), true);
    else void (api as StoreApi<unknown> & { persist?: { rehydrate(): Promise<void> | void } }).persist?.rehydrate();
  } finally {
    undoing.delete(name);
  }
}

function persistOptions<T, S>(options: PersistedOptions<T, S>, api: StoreApi<T>): PersistOptions<T, S> {
  const { name, what, version, migrations, schema, partialize } = options;
  return {
    name,
    version,
    storage: jsonStorage<S>({ guarded: options.guardLoad ?? false, refused: () => refuse(name, what, api as StoreApi<unknown>) }),
    partialize,
    migrate: (stored, from) => migrateStored(stored, from, version, migrations) as S,
    merge: (stored, current) => {
      // Nothing stored yet: the defaults, without a word.
      if (stored === undefined) return current;
      const checked = schema.safeParse(stored);
      if (!checked.success) throw new UnreadableStoredValue(describeIssues(checked.error));
      return { ...current, ...checked.data };
    },
    onRehydrateStorage: () => (_state, error) => {
      if (error === undefined) return;
      // The defaults, saved over the unreadable value so that it is reported once.
      api.setState(api.getInitialState(), true);
      notify(name, what, error);
    },
  };
}

/** zustand's `persist` with a version, migrations and a zod check of every load (see PersistedOptions). */
export function persisted<T, S>(
  initializer: StateCreator<T, [['zustand/persist', unknown]], []>,
  options: PersistedOptions<T, S>,
): StateCreator<T, [], [['zustand/persist', S]]> {
  return (set, get, api) => {
    const state = persist<T, [], [], S>(initializer, persistOptions(options, api))(set, get, api);
    followOtherTabs(options.name, api as StoreApi<T> & { persist?: { rehydrate: () => Promise<void> | void } });
    return state;
  };
}

/**
 * Two tabs of the terminal share one saved value. Without this, a tab left open writes its older
 * state over what another tab saved (a ticket sent there, its result, a changed setting), and a
 * reload shows the older one. The browser tells the other tabs of each write; they read it again.
 */
function followOtherTabs(name: string, api: { persist?: { rehydrate: () => Promise<void> | void } }): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('storage', (event) => {
    if (event.key === name && event.storageArea === window.localStorage) void api.persist?.rehydrate();
  });
}
