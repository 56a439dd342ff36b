import { useMemo } from 'react';
import type { Duration } from '@/interface';
import { checkHeldTicket } from '../model/checkHeld';
import { checkTicket } from '../model/checkTicket';
import { marketSlippageOf } from '../model/submit';
import { sizeReference } from '../model/notional';
import type { MarketContext, TicketContext } from '../model/types';
import { DEFAULT_MARKETABLE_BAND } from '../model/warnings';
import { useActiveRow, useConfirmSettings, useLastSent, useRefusedFields, useTicketActions, useTicketRows, useTicketTool } from '../store';
import { useFollowSizeUnit, type SizeUnitSetting } from './useSizeUnit.script';

/** The ticket's rows checked against the live markets, and the order being edited with its market. */
export function useOrderTicket(
  markets: ReadonlyMap<string, MarketContext>,
  durations: readonly Duration[],
  usedClientOrderIds: ReadonlySet<string>,
  sizing: SizeUnitSetting,
  markAgeMs?: number,
  /** Whether held kinds and brackets can be armed (the app gave the ticket a way to). */
  heldOffered = false,
) {
  const rows = useTicketRows();
  const row = useActiveRow();
  const settings = useConfirmSettings();
  const bandPercent = settings.marketableBandPercent;
  const marketableBand = bandPercent === undefined ? DEFAULT_MARKETABLE_BAND : bandPercent / 100;
  const lastSentRecord = useLastSent();
  const lastSent = useMemo(() => new Map(Object.entries(lastSentRecord)), [lastSentRecord]);
  const marketSlippage = marketSlippageOf(settings);
  const refusedList = useRefusedFields();
  const refusedFields = useMemo(() => new Set(refusedList), [refusedList]);
  const context: TicketContext = useMemo(
    () => ({ markets, durations, usedClientOrderIds, marketableBand, markAgeMs, marketSlippage, lastSent, refusedFields }),
    [markets, durations, usedClientOrderIds, marketableBand, markAgeMs, marketSlippage, lastSent, refusedFields],
  );
  const check = useMemo(() => checkTicket(rows, context), [rows, context]);
  const tool = useTicketTool();
  const activeRowId = row?.id ?? '';
  // Held kinds and exits are the single-order ticket's: the ladder and paste tools send batches.
  const heldCheck = useMemo(
    () => (heldOffered && tool === 'order' ? checkHeldTicket(rows, activeRowId, context) : undefined),
    [heldOffered, tool, rows, activeRowId, context],
  );
  // The rows list shows the held order's own issues, not those of the batch it cannot join.
  const listed = useMemo(
    () => (heldCheck ? check.rows.map((item) => (item.id === heldCheck.rowId ? { ...item, issues: heldCheck.issues, warnings: heldCheck.warnings } : item)) : check.rows),
    [check, heldCheck],
  );
  // The map is new on every poll; the list of markets only changes when the service's does.
  const symbolList = [...markets.keys()].join(',');
  const symbols = useMemo(() => (symbolList ? symbolList.split(',') : []), [symbolList]);
  const market = row ? markets.get(row.symbol) : undefined;
  const reference = row ? sizeReference(row, market, context) : undefined;
  useFollowSizeUnit(row, sizing.unit, reference?.price, market?.quantityDecimals);
  return {
    rows,
    row,
    tool,
    actions: useTicketActions(),
    check,
    heldCheck,
    listed,
    checked: row ? check.rows.find((item) => item.id === row.id) : undefined,
    market,
    symbols,
    context,
  };
}
