import { useMemo, useState } from 'react';
import { baseAsset, type Duration, type Side } from '@/interface';
import { fixedPlain } from '@/terminal/shared/format/number';
import { stepOf } from '../model/decimal';
import { buildLadder, ladderReady, type LadderInput } from '../model/ladder';
import { rowsFromLadder } from '../model/rows';
import type { MarketContext } from '../model/types';
import { isSizedRow } from '../model/aside';
import { useTicketActions, useTicketRows } from '../store';

/** The ladder's typed figures: its prices, and the total (a size). */
type LadderField = 'fromPrice' | 'toPrice' | 'startPrice' | 'stepPrice' | 'totalQuantity';

const blankLadder = (side: Side): LadderInput => ({
  side,
  mode: 'range',
  fromPrice: '',
  toPrice: '',
  startPrice: '',
  stepPrice: '',
  count: '5',
  totalQuantity: '',
  distribution: 'even',
});

const hasFigures = (input: LadderInput) => [input.fromPrice, input.toPrice, input.startPrice, input.stepPrice, input.totalQuantity].some((text) => text.trim() !== '');

/**
 * The market the ladder's figures were typed for. Another market picked (a click in the markets
 * table) clears them, and says so: prices typed for SOL are not LTC's, and a total of 1 SOL is
 * not 1 LTC.
 */
function useTypedFor(symbol: string | undefined, input: LadderInput, clear: () => void) {
  const [typedFor, setTypedFor] = useState(symbol);
  const [moved, setMoved] = useState<{ from: string; to: string } | undefined>();
  if (symbol !== typedFor) {
    setTypedFor(symbol);
    if (typedFor !== undefined && symbol !== undefined && hasFigures(input)) {
      clear();
      setMoved({ from: typedFor, to: symbol });
    }
  }
  return { moved, forget: () => setMoved(undefined) };
}

/** The ladder form's state, the ladder it lays on the market, and adding its orders to the ticket. */
export function useLadderForm(market: MarketContext | undefined, durations: readonly Duration[], initialSide: Side) {
  const actions = useTicketActions();
  const [input, setInput] = useState<LadderInput>(() => blankLadder(initialSide));
  const ready = ladderReady(input);
  const ladder = useMemo(() => (market && ready ? buildLadder(input, market) : undefined), [input, market, ready]);
  const legs = ladder?.legs ?? [];
  const rows = useTicketRows();
  // A lone unsized row is only a market picked: the ladder takes its place without asking.
  const existing = rows.length === 1 && rows[0] && !isSizedRow(rows[0]) ? 0 : rows.length;
  // A key refused in a ladder field ("1,5" laid as 15) goes with the orders it made: their send
  // asks. Each field stands on its own: mending one price field leaves another's refusal standing.
  const [refused, setRefused] = useState<ReadonlySet<LadderField>>(new Set());
  const noteRefusal = (field: LadderField, standing: boolean) =>
    setRefused((current) => {
      const next = new Set(current);
      if (standing) next.add(field);
      else next.delete(field);
      return next;
    });
  const typed = useTypedFor(market?.symbol, input, () => {
    setInput(blankLadder(input.side));
    setRefused(new Set());
  });
  const place = (replace: boolean) => {
    if (!market || legs.length === 0) return;
    const laddered = rowsFromLadder(legs, input.side, market.symbol, durations);
    if (replace) actions.replaceRows(laddered);
    else actions.appendRows(laddered);
    const fields = new Set([...refused].map((field) => (field === 'totalQuantity' ? 'size' : 'price') as 'price' | 'size'));
    for (const row of laddered) for (const field of fields) actions.noteRefusal(row.id, field, true);
    actions.setTool('order');
  };
  return {
    input,
    set: (patch: Partial<LadderInput>) => {
      typed.forget();
      setInput((current) => ({ ...current, ...patch }));
    },
    /** The markets the figures were cleared between, when another market was picked over them. */
    moved: typed.moved,
    errors: ladder?.errors ?? {},
    legs,
    base: market ? (baseAsset(market.symbol) ?? '') : '',
    priceStep: market ? stepOf(market.priceDecimals).toFixed() : undefined,
    /** Where the arrow keys start in an empty price (not in the step between prices). */
    markText: market ? fixedPlain(market.mark_price, market.priceDecimals) : undefined,
    quantityStep: market ? stepOf(market.quantityDecimals).toFixed() : undefined,
    /** The rows already in the ticket, which the trader chooses to add to or replace. */
    existing,
    noteRefusal,
    add: () => place(false),
    replace: () => place(true),
  };
}
