export { BindingsEditor } from './components/BindingsEditor';
export { ShortcutSheet } from './components/ShortcutSheet';
export { bindingsWith, DEFAULT_BINDINGS, rebind, type Binding } from './model/bindings';
export { chordOf, keysOf } from './model/chord';
export { openShortcutSheet, useShortcutSheet } from './sheetStore';
export { commandFor, useHotkeys } from './useHotkeys';
