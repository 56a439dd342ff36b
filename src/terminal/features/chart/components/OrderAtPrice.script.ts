import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Side } from '@/interface';
import { snapToTick } from '../model/snap';
import type { PaneLayout, PriceAt, PricePaneHandlers } from './pricePane';

/** Where the menu of orders at a price was asked for: from the "+" (no x: it opens beside it) or a right click. */
interface MenuAt extends PriceAt {
  x: number | undefined;
  /** What had the focus when it opened: it has it again when the menu closes. */
  opener: HTMLElement | null;
}

/**
 * What the chart's overlays follow of the price pane: the price under the pointer, the pane's
 * prices after each redraw, and where a menu of orders at a price was asked for.
 */
export function usePricePane() {
  const [pointer, setPointer] = useState<PriceAt | undefined>();
  const [layout, setLayout] = useState<PaneLayout | undefined>();
  const [menu, setMenu] = useState<MenuAt | undefined>();
  const handlers = useMemo<PricePaneHandlers>(
    () => ({
      onPointerPrice: setPointer,
      onLayout: setLayout,
      onMenu: (at) => setMenu({ ...at, opener: document.activeElement instanceof HTMLElement ? document.activeElement : null }),
    }),
    [],
  );
  // The "+" sits at the pointer's price, or at the last close for the keyboard.
  return { handlers, layout, anchor: pointer ?? layout?.last, menu, setMenu, forgetPointer: () => setPointer(undefined) };
}

export type PricePane = ReturnType<typeof usePricePane>;

export interface OrderMenuInput {
  pane: PricePane;
  priceDecimals: number;
  /** A price on the tick and the side of the order to start at it; undefined while the tick is not known. */
  onPickPrice: ((price: string, side: Side) => void) | undefined;
}

/** Just under the "+" (chart.css), which is centred on its price. */
const PLUS_HALF_HEIGHT = 12;

/** Keeps a menu inside its stage: a phone's narrow chart never pushes it off the screen. */
function keepInside(menu: HTMLElement, at: MenuAt, scaleWidth: number): void {
  const stage = menu.offsetParent as HTMLElement | null;
  if (!stage) return;
  const width = menu.offsetWidth;
  const height = menu.offsetHeight;
  // From the "+", the menu opens under it, clear of the price scale; from a click, at the pointer.
  const fromPlus = at.x === undefined;
  const left = fromPlus ? stage.clientWidth - scaleWidth - width : at.x!;
  const top = fromPlus ? at.y + PLUS_HALF_HEIGHT : at.y;
  menu.style.left = `${Math.max(0, Math.min(left, stage.clientWidth - width))}px`;
  menu.style.top = `${Math.max(0, Math.min(top, stage.clientHeight - height))}px`;
}

const menuItems = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

/** The menu's keys: arrows, Home and End move, Escape closes it (the focus goes back), Tab leaves it. */
function menuKeys(menu: HTMLElement | null, close: (refocus: boolean) => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const items = menuItems(menu);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number | undefined> = { ArrowDown: at + 1, ArrowUp: at - 1 + items.length, Home: 0, End: items.length - 1 };
    const next = move[event.key];
    if (next !== undefined) {
      event.preventDefault();
      items[next % items.length]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };
}

/**
 * The one way the chart puts a price in the ticket: asked for on purpose, from the "+" at the
 * crosshair's price on the price scale or a right click, then "Buy limit at …" or "Sell limit at
 * …". The price is the tick's, and shown before it is taken.
 */
export function useOrderMenu({ pane, priceDecimals, onPickPrice }: OrderMenuInput) {
  const { anchor, menu, setMenu, layout } = pane;
  const plusRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const snap = (at: PriceAt | undefined) => (at && onPickPrice ? snapToTick(at.price, priceDecimals) : undefined);
  const plusPrice = snap(anchor);
  const menuPrice = snap(menu);

  const close = (refocus: boolean) => {
    setMenu(undefined);
    if (refocus) menu?.opener?.focus();
  };

  useLayoutEffect(() => {
    if (!menu || !menuRef.current) return;
    keepInside(menuRef.current, menu, layout?.scaleWidth ?? 0);
    menuItems(menuRef.current)[0]?.focus();
    // Placed and focused once per opening; a redraw of the pane under it leaves it where it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- layout is read, not followed
  }, [menu]);

  useEffect(() => {
    if (!menu) return;
    const outside = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setMenu(undefined);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [menu, setMenu]);

  return {
    plusRef,
    menuRef,
    /** The "+": its price on the tick and its height; undefined before the pane has prices. */
    plus: anchor && plusPrice !== undefined ? { price: plusPrice, y: anchor.y } : undefined,
    menuPrice: menu ? menuPrice : undefined,
    scaleWidth: layout?.scaleWidth ?? 0,
    openFromPlus: () => anchor && setMenu({ ...anchor, x: undefined, opener: plusRef.current }),
    pick: (side: Side) => {
      if (menuPrice !== undefined) onPickPrice?.(menuPrice, side);
      close(true);
    },
    onMenuKey: (event: KeyboardEvent<HTMLElement>) => menuKeys(menuRef.current, close)(event),
  };
}
