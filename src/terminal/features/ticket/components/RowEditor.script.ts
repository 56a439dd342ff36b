import { t } from '@lingui/core/macro';
import { baseAsset, type Duration } from '@/interface';
import { fixedPlain, formatFixed } from '@/terminal/shared/format/number';
import { messagesOf } from '../messages';
import type { CheckedRow } from '../model/checkTicket';
import type { HeldCheck } from '../model/checkHeld';
import type { HeldFields, HeldKind } from '../model/heldTypes';
import { stepOf } from '../model/decimal';
import { convertSize, rowUnitFor, sizeReference } from '../model/notional';
import { isPriced } from '../model/rowBasics';
import { marketSlippageOf } from '../model/submit';
import { durationsFor, resolveDuration } from '../model/durations';
import type { DraftRow, MarketContext, RefusableField } from '../model/types';
import { useConfirmSettings, useSendAttempted, useSizeCleared, useTicketActions } from '../store';
import type { SizeUnitSetting } from './useSizeUnit.script';

/** What the row editor shows of one order, and the edits it makes; the fields only render it. */
export function useRowEditor(
  row: DraftRow,
  checked: CheckedRow | undefined,
  market: MarketContext | undefined,
  durations: readonly Duration[],
  sizing: SizeUnitSetting,
  /** The order as a held kind or a bracket, when it is one: its issues are the ones shown. */
  heldCheck?: HeldCheck,
) {
  const actions = useTicketActions();
  const cleared = useSizeCleared();
  const inUsd = row.sizeUnit === 'notional';
  const reference = sizeReference(row, market, { durations });
  const update = (patch: Partial<DraftRow>) => actions.updateRow(row.id, patch);
  const byAmount = row.sizeUnit === 'amount';
  const attempted = useSendAttempted();
  const slippage = marketSlippageOf(useConfirmSettings());
  /** An empty field is not called wrong until the trader has been in it or tried to send. */
  const quiet = (value: string) => !attempted && value.trim() === '';
  return {
    row,
    market,
    errors: messagesOf(heldCheck?.issues ?? checked?.issues ?? {}),
    quiet: { symbol: quiet(row.symbol), price: quiet(row.price), size: quiet(row.size) },
    quietHeld: quiet,
    warnings: heldCheck?.warnings ?? checked?.warnings ?? [],
    /** Under a trigger: the mark it is judged against. */
    // In the trader's number form, as every price the ticket shows (99.622,4 in German).
    triggerHint: market ? `${t({ message: 'mark', context: 'the mark price, as a label before it' })} ${formatFixed(market.mark_price, market.priceDecimals)}` : undefined,
    fromMark: checked?.fromMark,
    /** A market row: the mark it is estimated at and the bound its IOC carries, with the slippage (null: unbounded). */
    estimate: checked?.estimate,
    slippage,
    notional: checked?.notional,
    /** What a USD size sends, and the price it is worked out at. */
    quantity: checked?.quantity,
    reference,
    convertsAt: reference?.from ?? (isPriced(row, { durations }) ? 'limit' : 'mark'),
    inUsd,
    /** Why the size was emptied by a change of unit, while it stays empty. */
    sizeCleared: cleared?.rowId === row.id && row.size === '' ? cleared.reason : undefined,
    base: baseAsset(row.symbol) ?? '',
    offered: durationsFor(row.kind, durations),
    duration: resolveDuration(row.kind, row.durationId, durations),
    /** Arrow-key steps: the tick for prices, the step for quantities; an amount has none. */
    priceStep: market ? stepOf(market.priceDecimals).toFixed() : undefined,
    sizeStep: market && row.sizeUnit === 'quantity' ? stepOf(market.quantityDecimals).toFixed() : undefined,
    quantityStep: market ? stepOf(market.quantityDecimals).toFixed() : undefined,
    byAmount,
    update,
    noteRefusal: (field: RefusableField, standing: boolean) => actions.noteRefusal(row.id, field, standing),
    changeSymbol: (symbol: string) => actions.changeSymbol(row.id, symbol),
    setKind: (kind: DraftRow['kind']) => actions.setKind(row.id, kind, durations),
    /** The order type choice: an order sent now (limit, market) or a kind the proxy holds. */
    chooseKind: (kind: DraftRow['kind'] | HeldKind) => {
      if (kind === 'limit' || kind === 'market') {
        actions.setHeldKind(row.id, undefined);
        actions.setKind(row.id, kind, durations);
      } else actions.setHeldKind(row.id, kind);
    },
    updateHeld: (patch: Partial<HeldFields>) => actions.updateHeld(row.id, patch),
    fillMark: () => market && update({ price: fixedPlain(market.mark_price, market.priceDecimals) }),
    /** The mark at the price's tick: where the arrow keys start in an empty price field. */
    markText: market ? fixedPlain(market.mark_price, market.priceDecimals) : undefined,
    /** A market order is sized by quantity or by amount; switching empties the size typed in the other unit. */
    toggleSizeUnit: () => update({ sizeUnit: byAmount ? 'quantity' : 'amount', size: '' }),
    /** The ticket's own switch of the trader's size unit: this row is converted, the setting follows. */
    toggleUsd: () => {
      const next = inUsd ? 'base' : 'usd';
      actions.setSizeUnit(row.id, (current) => convertSize(current, rowUnitFor(next), reference?.price, market?.quantityDecimals));
      sizing.onChange(next);
    },
  };
}

export type RowEditorModel = ReturnType<typeof useRowEditor>;
