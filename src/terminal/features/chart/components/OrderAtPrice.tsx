import { t } from '@lingui/core/macro';
import { useId } from 'react';
import type { Side } from '@/interface';
import { groupDecimalText } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { useOrderMenu, type OrderMenuInput } from './OrderAtPrice.script';
import type { PaneLayout } from './pricePane';

const SIDES: readonly Side[] = ['BUY', 'SELL'];

/**
 * The "+" on the price scale at the crosshair's price, and the menu it opens (a right click on
 * the price pane opens it too): "Buy limit at …" / "Sell limit at …", the price on the tick.
 */
export function OrderAtPrice(input: OrderMenuInput) {
  useLocale();
  const { plus, menuPrice, plusRef, menuRef, scaleWidth, openFromPlus, pick, onMenuKey } = useOrderMenu(input);
  const menuId = useId();
  const open = menuPrice !== undefined;
  const shown = open ? groupDecimalText(menuPrice) : '';
  const sideWords = (side: Side) => (side === 'BUY' ? t`Buy limit at ${shown}` : t`Sell limit at ${shown}`);
  const plusLabel = plus ? t`Order at ${groupDecimalText(plus.price)}` : '';
  return (
    <>
      {plus ? (
        <button
          type="button"
          ref={plusRef}
          className="chart__plus"
          style={{ top: plus.y, right: scaleWidth }}
          aria-label={plusLabel}
          title={plusLabel}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          data-open={open}
          onClick={openFromPlus}
          onContextMenu={(event) => {
            // The menu key (or Shift+F10) on the "+" opens its menu, not the browser's.
            event.preventDefault();
            openFromPlus();
          }}
        >
          +
        </button>
      ) : null}
      {open ? (
        <div ref={menuRef} id={menuId} className="chart__menu" role="menu" aria-label={t`Order at ${shown}`} onKeyDown={onMenuKey}>
          {SIDES.map((side) => (
            <button key={side} type="button" role="menuitem" tabIndex={-1} className={`chart__menu-item chart__menu-item--${side.toLowerCase()}`} onClick={() => pick(side)}>
              {sideWords(side)}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}

/** Markers on the price pane's edges for the orders priced beyond them: an order out of sight is still there. */
export function EdgeMarkers({ above, below, layout }: { above?: string; below?: string; layout: PaneLayout | undefined }) {
  if (!layout) return null;
  const right = layout.scaleWidth;
  return (
    <>
      {above ? (
        <p className="chart__edge chart__edge--above" style={{ right }} data-testid="chart-edge-above">
          {above}
        </p>
      ) : null}
      {below ? (
        <p className="chart__edge chart__edge--below" style={{ right, top: layout.height }} data-testid="chart-edge-below">
          {below}
        </p>
      ) : null}
    </>
  );
}
