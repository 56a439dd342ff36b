import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

/**
 * A key with its modifiers, written the one way bindings store it: "Mod+K", "Alt+3", "?", "B".
 * "Mod" is Ctrl, or ⌘ on a Mac, so one binding serves both.
 */
export type Chord = string;

export interface KeyPress {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

const MODIFIER_KEYS = new Set(['Control', 'Meta', 'Alt', 'Shift', 'AltGraph', 'CapsLock', 'Fn', 'OS']);
const NAMED: Record<string, string> = { ' ': 'Space', Esc: 'Escape', Up: 'ArrowUp', Down: 'ArrowDown', Left: 'ArrowLeft', Right: 'ArrowRight' };

/** The key itself: with Alt held a Mac types "¡" for 1, so letters and digits are read from their place. */
function keyName(press: KeyPress): string {
  if (press.altKey && press.code) {
    const place = /^(?:Key([A-Z])|Digit(\d))$/.exec(press.code);
    if (place) return (place[1] ?? place[2]) as string;
  }
  const named = NAMED[press.key] ?? press.key;
  return named.length === 1 ? named.toUpperCase() : named;
}

/** The chord of a key press; undefined for a modifier pressed alone. */
export function chordOf(press: KeyPress): Chord | undefined {
  if (MODIFIER_KEYS.has(press.key)) return undefined;
  const key = keyName(press);
  // "?" is Shift+/ already: a printed sign carries its Shift; a letter, a digit or a named key does not.
  const shiftIsInKey = press.key.length === 1 && !/^[a-z0-9]$/i.test(press.key);
  const parts = [
    press.ctrlKey || press.metaKey ? 'Mod' : '',
    press.altKey ? 'Alt' : '',
    press.shiftKey && !shiftIsInKey ? 'Shift' : '',
    key,
  ];
  return parts.filter(Boolean).join('+');
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

const SHOWN: Record<string, string> = { ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→' };
/** Keys named in words, as the keyboards of the trader's language print them (Strg for Ctrl in German). */
const KEY_WORDS: Record<string, MessageDescriptor> = {
  Ctrl: msg({ message: 'Ctrl', context: 'keyboard key' }),
  Alt: msg({ message: 'Alt', context: 'keyboard key' }),
  Shift: msg({ message: 'Shift', context: 'keyboard key' }),
  Space: msg({ message: 'Space', context: 'keyboard key' }),
  Enter: msg({ message: 'Enter', context: 'keyboard key' }),
  Escape: msg({ message: 'Escape', context: 'keyboard key' }),
  Tab: msg({ message: 'Tab', context: 'keyboard key' }),
};

function keyShown(part: string): string {
  const name = part === 'Mod' ? (isMac() ? '⌘' : 'Ctrl') : part;
  const words = Object.hasOwn(KEY_WORDS, name) ? KEY_WORDS[name] : undefined;
  return words ? i18n._(words) : (SHOWN[name] ?? name);
}

/** The keys of a chord as the trader presses them, one <kbd> each: ["Ctrl", "K"]. */
export function keysOf(chord: Chord): string[] {
  // A chord ending in "+" is the plus key itself.
  const parts = chord.endsWith('++') ? [...chord.slice(0, -2).split('+'), '+'] : chord.split('+');
  return parts.map(keyShown);
}
