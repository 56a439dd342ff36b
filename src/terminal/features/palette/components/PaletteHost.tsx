import { t } from '@lingui/core/macro';
import { Suspense } from 'react';
import { lazyWithWords } from '@/terminal/shared/i18n/lazyWithWords';
import type { PaletteItem } from '../model/items';
import { usePaletteStore } from '../store';
import './paletteStandIn.css';

// cmdk comes with the first open of the palette, not with the page: the first prices do not wait for it.
const Palette = lazyWithWords(() => import('./Palette').then((module) => ({ default: module.Palette })));

/**
 * Stands in for the palette while its code loads (the first Ctrl+K of a session): a modal field
 * that takes the focus at once, so what the trader types next is the palette's search, not a key
 * in the ticket's field (an Enter there sent the order) or a hotkey (an "s" chose Sell).
 * Enter waits for the palette; Escape closes.
 */
function PaletteStandIn({ onClose }: { onClose: () => void }) {
  const typed = usePaletteStore((state) => state.typedEarly);
  const typeEarly = usePaletteStore((state) => state.actions.typeEarly);
  return (
    <div className="palette-stand-in" role="dialog" aria-modal="true" aria-label={t`Command palette`}>
      <input
        // The focus must leave the ticket before the next key: this is the point of it.
        autoFocus
        className="input palette__input"
        aria-label={t`Search markets and commands`}
        placeholder={t`A market (BTC) or a command (buy, ladder, theme)…`}
        value={typed}
        onChange={(event) => typeEarly(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
          if (event.key === 'Escape') onClose();
        }}
      />
    </div>
  );
}

/** Mounts the palette while it is open; `items` are the markets and commands it offers. */
export function PaletteHost({ items }: { items: () => readonly PaletteItem[] }) {
  const open = usePaletteStore((state) => state.open);
  const hide = usePaletteStore((state) => state.actions.hide);
  if (!open) return null;
  return (
    <Suspense fallback={<PaletteStandIn onClose={hide} />}>
      <Palette items={items()} onClose={hide} />
    </Suspense>
  );
}
