import { useMemo, useState } from 'react';
import { baseAsset, type Duration, type Side } from '@/interface';
import { stepOf } from '../model/decimal';
import { buildLadder, ladderReady, type LadderInput } from '../model/ladder';
import { rowsFromLadder } from '../model/rows';
import type { MarketContext } from '../model/types';
import { useTicketActions } from '../store';

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

/** The ladder form's state, the ladder it lays on the market, and adding its orders to the ticket. */
export function useLadderForm(market: MarketContext | undefined, durations: readonly Duration[], initialSide: Side) {
  const actions = useTicketActions();
  const [input, setInput] = useState<LadderInput>(() => blankLadder(initialSide));
  const ready = ladderReady(input);
  const ladder = useMemo(() => (market && ready ? buildLadder(input, market) : undefined), [input, market, ready]);
  const legs = ladder?.legs ?? [];
  return {
    input,
    set: (patch: Partial<LadderInput>) => setInput((current) => ({ ...current, ...patch })),
    errors: ladder?.errors ?? {},
    legs,
    base: market ? (baseAsset(market.symbol) ?? '') : '',
    priceStep: market ? stepOf(market.priceDecimals).toFixed() : undefined,
    quantityStep: market ? stepOf(market.quantityDecimals).toFixed() : undefined,
    add: () => {
      if (!market || legs.length === 0) return;
      actions.appendRows(rowsFromLadder(legs, input.side, market.symbol, durations));
      actions.setTool('order');
    },
  };
}
