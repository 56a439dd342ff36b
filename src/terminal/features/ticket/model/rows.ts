import type { Duration } from '../../../../interface';
import { defaultDurationFor } from './durations';
import { newClientOrderId, newRowId } from './ids';
import type { DraftRow, OrderKind } from './types';

/** A fresh row: limit, buy, default duration, a new client order id. */
export function newDraftRow(durations: readonly Duration[], symbol = '', kind: OrderKind = 'limit'): DraftRow {
  return {
    id: newRowId(),
    symbol,
    side: 'BUY',
    kind,
    durationId: defaultDurationFor(kind, durations)?.id ?? '',
    price: '',
    size: '',
    sizeUnit: 'quantity',
    visibleQuantity: '',
    tag: '',
    marginMode: 'CROSS',
    clientOrderId: newClientOrderId(),
    expiryDate: '',
    expiryTime: '',
  };
}

/** The same order again, with its own ids. */
export function copyDraftRow(row: DraftRow): DraftRow {
  return { ...row, id: newRowId(), clientOrderId: newClientOrderId() };
}
