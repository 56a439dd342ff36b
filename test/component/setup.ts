import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useMarketsStore } from '@/terminal/features/markets/store';
import { useSentMarksStore } from '@/terminal/features/ticket/sentMarks';
import { useTicketStore } from '@/terminal/features/ticket/store';
import { forgetEnter } from '@/terminal/shared/ui/enterGuard';
import { useLayoutStore } from '@/terminal/shared/ui/grid/layoutStore';
import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';

// Stores are module state: every test starts from their initial state, as a fresh page would.
type Resettable = { getState(): unknown; setState(state: unknown, replace: true): void };
const stores = [useTicketStore, useSentMarksStore, useMarketsStore, useLayoutStore, useToastStore] as unknown as Resettable[];
const initial = stores.map((store) => [store, store.getState()] as const);

afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const [store, state] of initial) store.setState(state, true);
  forgetEnter();
});

// happy-dom has no layout; the virtualizer needs sizes to decide which rows are in view.
Object.defineProperties(HTMLElement.prototype, {
  offsetHeight: { configurable: true, get: () => 600 },
  offsetWidth: { configurable: true, get: () => 1000 },
  clientHeight: { configurable: true, get: () => 600 },
  clientWidth: { configurable: true, get: () => 1000 },
});
HTMLElement.prototype.getBoundingClientRect = function getBoundingClientRect() {
  return { x: 0, y: 0, top: 0, left: 0, bottom: 600, right: 1000, width: 1000, height: 600, toJSON: () => ({}) } as DOMRect;
};
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;

// A DOM without <dialog>'s modal methods gets stand-ins; the browser tests cover the real ones.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
