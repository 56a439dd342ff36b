export { PaletteHost } from './components/PaletteHost';
export { fuzzyScore } from './model/fuzzy';
export { rankItems, type PaletteItem } from './model/items';
export { openPalette, usePaletteStore } from './store';
