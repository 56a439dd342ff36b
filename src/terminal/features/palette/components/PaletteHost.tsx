import { Suspense } from 'react';
import { lazyWithWords } from '@/terminal/shared/i18n/lazyWithWords';
import type { PaletteItem } from '../model/items';
import { usePaletteStore } from '../store';

// cmdk comes with the first open of the palette, not with the page: the first prices do not wait for it.
const Palette = lazyWithWords(() => import('./Palette').then((module) => ({ default: module.Palette })));

/** Mounts the palette while it is open; `items` are the markets and commands it offers. */
export function PaletteHost({ items }: { items: () => readonly PaletteItem[] }) {
  const open = usePaletteStore((state) => state.open);
  const hide = usePaletteStore((state) => state.actions.hide);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <Palette items={items()} onClose={hide} />
    </Suspense>
  );
}
