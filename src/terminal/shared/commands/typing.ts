/** Inputs where a key press is text, not a command; buttons, checkboxes and radios are not. */
const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

/**
 * Whether a key press lands in a field the trader is typing in, which a hotkey must leave alone.
 * A drop-down is not one: a letter there is its type-ahead, which picked another option in
 * silence (the account chosen a moment ago, when M was pressed for "price at mark"); a bound key
 * is the hotkey's, an unbound one still picks by its first letter.
 */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA') return true;
  return target instanceof HTMLInputElement && !NOT_TEXT.has(target.type);
}

/** Whether a modal dialog is open: a hotkey does not act on the page behind it. */
export function isBehindDialog(): boolean {
  return document.querySelector('dialog[open], [role="dialog"][aria-modal="true"]') !== null;
}
