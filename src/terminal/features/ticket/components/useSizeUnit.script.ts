import { useEffect, useEffectEvent, useRef } from 'react';
import type { Big } from '../model/decimal';
import { convertSize, rowUnitFor, type EntryUnit } from '../model/notional';
import type { DraftRow } from '../model/types';
import { useTicketActions } from '../store';

/** The trader's size unit as the app passes it in (the setting lives outside the ticket). */
export interface SizeUnitSetting {
  unit: EntryUnit;
  /** Writes the setting; the ticket's own toggle uses it, so both places stay one choice. */
  onChange: (unit: EntryUnit) => void;
}

export const BASE_UNIT: SizeUnitSetting = { unit: 'base', onChange: () => {} };

/**
 * Keeps the edited row in the trader's size unit: an empty row simply takes it; a sized row is
 * converted when the unit changes while the ticket is open (at the row's limit price, or the mark
 * for a market order), so the number in the field always means what its label says. A row sized
 * elsewhere (a ladder, a paste) keeps its base quantity until the trader switches on it.
 */
export function useFollowSizeUnit(row: DraftRow | undefined, unit: EntryUnit, price: Big | undefined, quantityDecimals: number | undefined) {
  const actions = useTicketActions();
  const previous = useRef(unit);
  const follow = useEffectEvent((changed: boolean) => {
    const target = rowUnitFor(unit);
    if (!row || row.sizeUnit === target) return;
    const blank = row.size.trim() === '' && row.sizeUnit !== 'amount';
    if (changed || blank) actions.setSizeUnit(row.id, (current) => convertSize(current, target, price, quantityDecimals));
  });
  const rowId = row?.id;
  const blank = row?.size.trim() === '';
  useEffect(() => {
    const changed = previous.current !== unit;
    previous.current = unit;
    follow(changed);
  }, [unit, rowId, blank]);
}
