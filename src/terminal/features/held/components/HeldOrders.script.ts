import { t } from '@lingui/core/macro';
import { useMemo, useState } from 'react';
import { namedPlacer, type HeldOrder } from '@/interface';
import { isDesk, useMay, usePerson } from '@/terminal/shared/person';
import { useHeldActions, settledOf } from '../api/heldMutations';
import { askCancelAllHeld } from '../cancelAllStore';
import { heldRowView, isLive, marketName, sortHeld, type DecimalsBySymbol, type HeldRowView } from '../model/heldRows';
import { pauseAction } from '../model/modify';
import { twapProgressView, type TwapProgressView } from '../model/twapProgress';
import { sayCancelled } from './CancelAllHeld.script';

export interface HeldOrdersInput {
  orders: readonly HeldOrder[];
  /** Each market's decimals: figures are written with them, as everywhere else. */
  markets: DecimalsBySymbol;
  /** The terminal's live mark of a market, for a row the proxy has no mark on yet. */
  markOf: (symbol: string) => number | undefined;
  /** The market the ticket is on: "Cancel all in BTC". */
  activeSymbol: string | undefined;
  now: number;
}

export interface HeldRow {
  order: HeldOrder;
  view: HeldRowView;
  twap: TwapProgressView | undefined;
}

/** What a row says after an action: "cancelled", or "already fired: order …" when a fire won. */
export interface RowNote {
  tone: 'done' | 'problem';
  text: string;
}

/** What a row's view needs besides its figures: its note, whether its form is open, its actions. */
export interface RowHandlers {
  /** Rows keep their places while the pointer is over the list (its root spreads these). */
  steady: { onPointerEnter: () => void; onPointerLeave: () => void };
  editing: string | undefined;
  /** Why this person may not change held orders (a desk's viewer or risk user): then no row offers to pause or modify. */
  refusal: string | undefined;
  /** Why they may not cancel them either (a viewer): then no row offers anything. */
  cancelRefusal: string | undefined;
  /** Who placed it, when someone else did: only they change or pause it (the proxy refuses others). */
  placedByOther: (order: HeldOrder) => string | undefined;
  notes: Readonly<Record<string, RowNote>>;
  edit: (id: string | undefined) => void;
  note: (id: string, firedOrder?: string) => void;
  cancel: (row: HeldRow) => void;
  togglePause: (row: HeldRow) => void;
}

function lostToFire(error: Error): RowNote {
  const settled = settledOf(error);
  const id = settled?.client_order_ids.at(-1);
  if (settled?.state === 'fired' && id) return { tone: 'problem', text: t`Already fired: order ${id}` };
  return { tone: 'problem', text: error.message };
}

/** The held orders panel's rows, and cancel, pause, resume and the modify form's opening, per row. */
export function useHeldOrdersPanel({ orders, markets, markOf, activeSymbol, now }: HeldOrdersInput) {
  const { cancel, cancelAll, modify } = useHeldActions();
  const permission = useMay('trade');
  const cancelPermission = useMay('cancelHeld');
  const person = usePerson();
  const [editing, setEditing] = useState<string>();
  // While the pointer is over the list, rows keep their places (a new order goes last, not on top):
  // a row armed elsewhere moved the list under a click, which cancelled the order below.
  const [placesHeld, setPlacesHeld] = useState<readonly string[] | null>(null);
  const [notes, setNotes] = useState<Readonly<Record<string, RowNote>>>({});
  const note = (id: string, value: RowNote) => setNotes((all) => ({ ...all, [id]: value }));
  const rows = useMemo(
    (): HeldRow[] =>
      inPlaces(sortHeld(orders), placesHeld).map((order) => ({
        order,
        view: heldRowView(order, markets, markOf(order.symbol)),
        twap: order.twap ? twapProgressView(order.twap, order.order_quantity, markets.get(order.symbol)?.quantityDecimals, now, isLive(order)) : undefined,
      })),
    [orders, markets, markOf, now, placesHeld],
  );
  const liveCount = rows.filter((row) => row.view.live).length;
  const liveHere = activeSymbol ? rows.filter((row) => row.view.live && row.order.symbol === activeSymbol).length : 0;
  return {
    rows,
    steady: {
      onPointerEnter: () => setPlacesHeld(rows.map((row) => row.order.id)),
      onPointerLeave: () => setPlacesHeld(null),
    },
    liveCount,
    liveHere,
    market: activeSymbol ? marketName(activeSymbol) : undefined,
    refusal: permission.reason,
    cancelRefusal: cancelPermission.reason,
    placedByOther: (order: HeldOrder) => {
      const placer = namedPlacer(order);
      return isDesk(person) && placer !== undefined && placer !== person.name ? placer : undefined;
    },
    editing,
    edit: (id: string | undefined) => setEditing((open) => (open === id ? undefined : id)),
    notes,
    cancel: (order: HeldOrder) =>
      cancel.mutate(order.id, {
        onSuccess: () => note(order.id, { tone: 'done', text: t({ message: 'Cancelled', context: 'a held order was cancelled' }) }),
        onError: (error) => note(order.id, lostToFire(error)),
      }),
    togglePause: (order: HeldOrder) => {
      const action = pauseAction(order);
      if (!action) return;
      modify.mutate(
        { id: order.id, patch: { state: action === 'pause' ? 'paused' : 'armed' } },
        { onError: (error) => note(order.id, lostToFire(error)) },
      );
    },
    /** The modify form closed: changed, given up, or too late (the fire won: the order it sent). */
    afterModify: (id: string, firedOrder?: string) => {
      setEditing(undefined);
      if (firedOrder) note(id, { tone: 'problem', text: t`Already fired: order ${firedOrder}` });
    },
    cancelHere: () => {
      if (!activeSymbol) return;
      const market = marketName(activeSymbol);
      cancelAll.mutate(activeSymbol, { onSuccess: (cancelled) => sayCancelled(cancelled.length, market) });
    },
    headProblem: cancelAll.error?.message,
    askCancelAll: askCancelAllHeld,
  };
}

/** `orders` in the places `held` gives them; those not in it (new) after them, in their own order. */
function inPlaces(orders: readonly HeldOrder[], held: readonly string[] | null): readonly HeldOrder[] {
  if (!held) return orders;
  const place = new Map(held.map((id, index) => [id, index]));
  return [...orders].sort((a, b) => (place.get(a.id) ?? held.length) - (place.get(b.id) ?? held.length));
}
