import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { preferenceSchema, preferencesResponseSchema } from '@/interface';
import { getJson, sendJson } from '../api/http';
import { useToastStore } from '../ui/toast/toastStore';
import { say, type Words } from '../words';
import { UnreadableStoredValue } from './persistedStore';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

/**
 * A store whose values follow a desk user to any browser (issue 30): the settings, the workspaces.
 * localStorage stays its cache (it paints the first screen); the proxy keeps the person's copy,
 * one preference key per value ("settings", "workspace.<id>").
 */
export interface PreferenceSource {
  /** What the trader calls it, for a notice: msg`workspaces`. */
  what: Words;
  /** The version the store writes its values in. */
  version: number;
  owns(key: string): boolean;
  /** The values as this browser holds them now, by preference key. */
  local(): Record<string, unknown>;
  /** A value from the proxy, brought to this version and checked; throws UnreadableStoredValue. */
  read(key: string, version: number, value: unknown): unknown;
  /** Puts a value in the store; undefined: another browser removed it. */
  apply(key: string, value: unknown): void;
  subscribe(listener: () => void): () => void;
}

const keptSchema = z.object({ success: z.literal(true), data: preferenceSchema });
const removedSchema = z.object({ success: z.literal(true) });
const path = (key: string) => `/api/me/preferences/${encodeURIComponent(key)}`;

/** JSON with every object's keys sorted: two equal values compare equal whatever order they were built in. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** A value from the proxy this terminal cannot read: said once, and what the browser has is kept. */
function notice(key: string, version: number, what: Words, error: unknown): void {
  const words = () => {
    const thing = say(what);
    const failure = String(error);
    return {
      title: t({ comment: 'thing: what was saved, e.g. "workspaces", "settings"', message: `Kept as they are here: your ${thing} saved on the proxy could not be read` }),
      detail: error instanceof UnreadableStoredValue ? say(error.reason) : t`It could not be loaded (${failure}).`,
    };
  };
  useToastStore.getState().actions.push({ id: `stored-remote:${key}:${version}`, tone: 'warning', ...words(), words, timeoutMs: 0 });
}

/**
 * Keeps the sources and the proxy's copy in step: the proxy's values are taken at the start and on
 * every focus of the window (last write wins: another browser's change arrives on the next focus),
 * and a change here is sent a moment after the trader stops changing (debounced), once.
 */
export class PreferenceSync {
  /** What both sides hold, by key (canonical JSON): what differs from it is to send. */
  private readonly agreed = new Map<string, string>();
  /** Keys whose value on the proxy this terminal cannot read (newer, bad): never written over. */
  private readonly held = new Set<string>();
  private pulled = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly sources: readonly PreferenceSource[],
    private readonly debounceMs = 1000,
  ) {}

  /** Starts following the stores and the window's focus; returns the stop. */
  start(): () => void {
    const stops = this.sources.map((source) => source.subscribe(() => this.schedule()));
    const onFocus = () => void this.pull();
    window.addEventListener('focus', onFocus);
    void this.pull();
    return () => {
      clearTimeout(this.timer);
      window.removeEventListener('focus', onFocus);
      for (const stop of stops) stop();
    };
  }

  /** The proxy's values into the stores (what is waiting to be sent goes first). */
  pull(): Promise<void> {
    clearTimeout(this.timer);
    return this.enqueue(async () => {
      await this.push();
      const { rows } = (await getJson('/api/me/preferences', preferencesResponseSchema)).data;
      const remote = new Set(rows.map((row) => row.key));
      for (const source of this.sources) {
        const local = source.local();
        for (const row of rows.filter((each) => source.owns(each.key))) this.take(source, row, local[row.key]);
        // Agreed once and gone from the proxy: another browser removed it.
        for (const key of Object.keys(local).filter((each) => !remote.has(each) && this.agreed.has(each))) {
          this.agreed.delete(key);
          source.apply(key, undefined);
        }
      }
      this.pulled = true;
      // What only this browser has (its first sync) is sent now.
      await this.push();
    });
  }

  /** Sends what changed here now, without waiting for the debounce. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    return this.enqueue(() => this.push());
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.debounceMs);
  }

  /** One exchange at a time, in order; a failed one (the proxy away) is tried again at the next change or focus. */
  private enqueue(work: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(work).catch(() => undefined);
    return this.queue;
  }

  private take(source: PreferenceSource, row: { key: string; version: number; value: unknown }, local: unknown): void {
    let value: unknown;
    try {
      value = source.read(row.key, row.version, row.value);
    } catch (error) {
      this.held.add(row.key);
      notice(row.key, row.version, source.what, error);
      return;
    }
    this.held.delete(row.key);
    const text = canonical(value);
    this.agreed.set(row.key, text);
    if (canonical(local) !== text) source.apply(row.key, value);
  }

  private async push(): Promise<void> {
    // Nothing is sent before the proxy's values are known: they may be newer than this browser's.
    if (!this.pulled) return;
    for (const source of this.sources) {
      const local = source.local();
      for (const [key, value] of Object.entries(local)) {
        const text = canonical(value);
        if (this.held.has(key) || this.agreed.get(key) === text) continue;
        await sendJson('PUT', path(key), { version: source.version, value }, keptSchema);
        this.agreed.set(key, text);
      }
      for (const key of [...this.agreed.keys()].filter((each) => source.owns(each) && !(each in local))) {
        await sendJson('DELETE', path(key), undefined, removedSchema);
        this.agreed.delete(key);
      }
    }
  }
}
