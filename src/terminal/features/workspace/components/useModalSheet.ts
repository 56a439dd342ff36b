import { useEffect, useRef, type RefObject } from 'react';

/**
 * Makes inert what comes before `element` in the page, at each level up to the body: what the
 * sheet covers (the top bar, the notices, the phone's view, trade bar and tab bar). What comes
 * after it is drawn over it and stays live: the toasts, the palette's and the settings' dialogs.
 * Returns what it made inert, to give back; what was inert already stays so.
 */
function coverBefore(element: HTMLElement): HTMLElement[] {
  const covered: HTMLElement[] = [];
  for (let node: HTMLElement | null = element; node && node !== document.body; node = node.parentElement) {
    for (let before = node.previousElementSibling; before; before = before.previousElementSibling) {
      if (before instanceof HTMLElement && !before.inert) {
        before.inert = true;
        covered.push(before);
      }
    }
  }
  return covered;
}

/**
 * The phone's ticket sheet is modal: it covers the whole screen, so while it is up nothing under it
 * takes the focus (Tab and Shift+Tab stay in it), the focus goes into it (its Close button, as a
 * dialog's does), Escape closes it, and closing gives the focus back to what opened it (the Trade
 * tab, the trade bar's Buy or Sell). The inert attribute is set here rather than by React's prop:
 * the opener must be read before it goes inert (the browser takes the focus off an inert control).
 */
export function useModalSheet(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    const sheet = ref.current;
    if (!open || !sheet) return;
    const focused = document.activeElement;
    const opener = focused instanceof HTMLElement && !sheet.contains(focused) ? focused : null;
    const covered = coverBefore(sheet);
    if (!sheet.contains(document.activeElement)) sheet.querySelector<HTMLElement>('button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog opened from the ticket (the confirmation) takes its own Escape.
      if (event.key !== 'Escape' || event.defaultPrevented || (event.target instanceof Element && event.target.closest('dialog'))) return;
      event.preventDefault();
      closeRef.current();
    };
    // On the element, not React's onKeyDown: the ticket is rendered in a portal (hosts.ts), whose
    // events bubble up React's tree to PanelHosts, never through the sheet.
    sheet.addEventListener('keydown', onKeyDown);
    return () => {
      sheet.removeEventListener('keydown', onKeyDown);
      for (const element of covered) element.inert = false;
      if (opener?.isConnected) opener.focus();
    };
  }, [ref, open]);
}
