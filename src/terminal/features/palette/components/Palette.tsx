import { t } from '@lingui/core/macro';
import { Command } from 'cmdk';
import { useEffect, useMemo, useState } from 'react';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { Dialog } from '@/terminal/shared/ui/Dialog';
import { rankItems, type PaletteItem } from '../model/items';
import { usePaletteStore } from '../store';
import '../palette.css';

interface PaletteProps {
  items: readonly PaletteItem[];
  onClose: () => void;
}

/**
 * Markets and commands, found by a few letters in order (fuzzy), recent picks first; the arrows
 * move, Enter runs, Escape closes. Loaded on the first Ctrl+K, never with the page.
 */
export function Palette({ items, onClose }: PaletteProps) {
  useLocale();
  // Typed into the stand-in before this code arrived (PaletteHost): kept, not lost or sent elsewhere.
  const [query, setQuery] = useState(() => usePaletteStore.getState().typedEarly);
  const recent = usePaletteStore((state) => state.recent);
  const used = usePaletteStore((state) => state.actions.used);
  const ranked = useMemo(() => rankItems(items, query, recent), [items, query, recent]);
  const [selected, setSelected] = useState('');
  // The best match is the one Enter takes, whatever was highlighted for an earlier query.
  const value = ranked.some((item) => item.id === selected) ? selected : (ranked[0]?.id ?? '');
  const highlighted = ranked.find((item) => item.id === value);
  useEffect(() => {
    highlighted?.prepare?.();
  }, [highlighted]);
  const pick = (item: PaletteItem) => {
    used(item.id);
    onClose();
    item.run();
  };
  return (
    <Dialog title={t`Command palette`} onClose={onClose} className="palette">
      <Command label={t`Search markets and commands`} shouldFilter={false} value={value} onValueChange={setSelected} loop>
        <Command.Input
          autoFocus
          data-autofocus
          value={query}
          onValueChange={(text) => {
            setQuery(text);
            setSelected('');
          }}
          placeholder={t`A market (BTC) or a command (buy, ladder, theme)…`}
          className="input palette__input"
        />
        <Command.List className="palette__list" label={t`Matches`}>
          <Command.Empty className="muted palette__empty">{t`Nothing matches “${query}”.`}</Command.Empty>
          {ranked.map((item) => (
            <Command.Item key={item.id} value={item.id} onSelect={() => pick(item)} className="palette__item">
              <span>{item.title}</span>
              <span className="muted">{item.group}</span>
            </Command.Item>
          ))}
        </Command.List>
      </Command>
    </Dialog>
  );
}
