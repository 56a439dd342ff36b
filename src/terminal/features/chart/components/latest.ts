import { useState, useSyncExternalStore } from 'react';

/**
 * One value that changes outside React (the canvas's, at every poll), read by the one small view
 * that shows it: the chart around it does not render again when it changes.
 */
export class Latest<T> {
  private readonly listeners = new Set<() => void>();

  constructor(private value: T) {}

  readonly get = (): T => this.value;

  readonly set = (value: T): void => {
    if (Object.is(value, this.value)) return;
    this.value = value;
    for (const listener of this.listeners) listener();
  };

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** A `Latest` made once for the life of the view. */
export function useOwnLatest<T>(initial: T): Latest<T> {
  return useState(() => new Latest(initial))[0];
}

/** The value, rendering the calling view (only it) when it changes. */
export function useLatest<T>(latest: Latest<T>): T {
  return useSyncExternalStore(latest.subscribe, latest.get, latest.get);
}
