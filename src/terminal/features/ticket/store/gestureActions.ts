import { t } from '@lingui/core/macro';
import { groupDecimalText } from '@/terminal/shared/format/number';
import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';
import { activeRowOf, discardAside, isSizedRow, restoreAside, setAside, type DraftState } from '../model/aside';
import { defaultDurationFor } from '../model/durations';
import { freshRowFor, pointTicketAt } from '../model/marketPick';
import { heldForMarket } from '../model/heldTypes';
import { sideWord } from '../messages';
import type { DraftRow } from '../model/types';
import type { GestureActions, GetTicket, SetTicket } from './state';

/** Says where a sized order went, so a gesture that started another one is never a silent loss. */
function announceAside(row: DraftRow): void {
  const side = sideWord(row.side);
  const size = groupDecimalText(row.size);
  const { symbol } = row;
  useToastStore.getState().actions.push({
    id: `aside-${row.id}-${Date.now()}`,
    tone: 'warning',
    title: t`Your ${side} ${size} ${symbol} order was set aside`,
    detail: t`It is kept, unchanged, under the ticket: Restore brings it back.`,
    timeoutMs: 4000,
  });
}

/** Once the trader restores or discards, "was set aside" is no longer news. */
function forgetAsideNews(): void {
  const toasts = useToastStore.getState();
  for (const toast of toasts.toasts) if (toast.id.startsWith('aside-')) toasts.actions.dismiss(toast.id);
}

/**
 * Gestures from outside the order's own fields (a market clicked, a side or price key, a price
 * picked on the chart). On an order without a size they act as before; on a sized one they never
 * change it: it is set aside whole, said, and a new order is started with the gesture's choice.
 */
export function gestureActions(set: SetTicket, get: GetTicket): GestureActions {
  const startInstead = (fresh: DraftRow) => {
    const state = get();
    const active = activeRowOf(state);
    set(setAside(state, fresh));
    if (active) announceAside(active);
  };
  return {
    selectMarket(symbol, price) {
      const pointed = pointTicketAt(get().rows, get().activeRowId, symbol, price);
      if ('aside' in pointed) startInstead(pointed.aside);
      else set(pointed);
    },
    pickPrice(symbol, price, durations, side) {
      const state = get();
      const active = activeRowOf(state);
      if (!active) return;
      const limitDuration = active.kind === 'limit' ? active.durationId : (defaultDurationFor('limit', durations)?.id ?? '');
      // An amount is for market orders only; a USD notional is converted at the new price.
      const asLimit = (row: DraftRow): DraftRow => ({
        ...row,
        price,
        kind: 'limit',
        durationId: limitDuration,
        side: side ?? row.side,
        sizeUnit: row.sizeUnit === 'amount' ? 'quantity' : row.sizeUnit,
        // A price picked is a limit order sent now, not the held kind the row was.
        heldKind: undefined,
      });
      if (isSizedRow(active)) {
        const same =
          active.symbol === symbol && active.price === price && active.kind === 'limit' && active.heldKind === undefined && (side ?? active.side) === active.side;
        if (!same) startInstead(asLimit(freshRowFor(active, symbol, price)));
        return;
      }
      const pointed = pointTicketAt(state.rows, state.activeRowId, symbol, price) as Pick<DraftState, 'rows' | 'activeRowId'>;
      set({ activeRowId: pointed.activeRowId, rows: pointed.rows.map((row) => (row.id === pointed.activeRowId ? asLimit(row) : row)) });
    },
    chooseSide(side) {
      const active = activeRowOf(get());
      if (!active || active.side === side) return;
      // A held kind's trigger, limit and exits were set for the other side (a sell stop below the
      // mark is a buy stop that fires at once): the new order keeps the kind, not those prices.
      if (isSizedRow(active)) startInstead({ ...freshRowFor(active, active.symbol, active.price), side, held: heldForMarket(active.held) });
      else set({ rows: get().rows.map((row) => (row.id === active.id ? { ...row, side } : row)) });
    },
    priceAtMark(price) {
      const active = activeRowOf(get());
      // A held kind shows no limit price: the key has nothing to set there.
      if (!active || active.kind !== 'limit' || active.heldKind !== undefined || active.price === price) return;
      if (isSizedRow(active)) startInstead(freshRowFor(active, active.symbol, price));
      else set({ rows: get().rows.map((row) => (row.id === active.id ? { ...row, price } : row)) });
    },
    restoreAside(id) {
      set(restoreAside(get(), id));
      forgetAsideNews();
    },
    discardAside(id) {
      set(discardAside(get(), id));
      forgetAsideNews();
    },
  };
}
