import { plural, t } from '@lingui/core/macro';
import { memo } from 'react';
import { messageFor, messagesOf } from '../messages';
import type { CheckedRow } from '../model/checkTicket';
import type { DraftRow } from '../model/types';
import { heldRowPrice } from './heldWords';
import { useActiveRowId, useTicketActions, useTicketTouched } from '../store';
import { baseAsset, type Duration } from '@/interface';
import { groupDecimalText } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { Icon } from '@/terminal/shared/ui/Icon';

const lineError = (checked: CheckedRow | undefined) => (checked?.issues.line ? messageFor(checked.issues.line) : '');

/** A row's size as typed, in its unit and the language's form; a USD size with the quantity it sends. */
function sizeText(row: DraftRow, checked: CheckedRow | undefined): string {
  if (!row.size) return '—';
  const size = groupDecimalText(row.size);
  if (row.sizeUnit === 'amount') return `${size} USDC`;
  if (row.sizeUnit === 'notional') return `${size} USD${checked?.quantity ? ` → ${groupDecimalText(checked.quantity.toFixed())}` : ''}`;
  return size;
}

/** A row's price as listed: a held kind's own (its kind and trigger or limit), never the row's limit price it does not send. */
function priceText(row: DraftRow): string {
  if (row.heldKind !== undefined) return heldRowPrice({ ...row, heldKind: row.heldKind });
  if (row.kind === 'market') return t({ message: 'market', context: 'order type, in place of a price' });
  return row.price ? groupDecimalText(row.price) : '—';
}

interface TicketRowsProps {
  rows: readonly DraftRow[];
  checked: readonly CheckedRow[];
  durations: readonly Duration[];
}

/** The orders of the ticket: pick one to edit, duplicate, delete or move it. */
function TicketRowsView({ rows, checked, durations }: TicketRowsProps) {
  useLocale();
  const activeId = useActiveRowId();
  const actions = useTicketActions();
  // An untouched ticket (at start, after a send) calls nothing "to fix" yet.
  const touched = useTicketTouched();
  return (
    <div className="ticket-rows">
      <div className="ticket-rows__head">
        <span>{plural(rows.length, { one: '# order', other: '# orders' })}</span>
        <button type="button" className="button button--ghost" onClick={() => actions.addRow(durations)}>
          {t`+ Add order`}
        </button>
      </div>
      <ol className="ticket-rows__list" aria-label={t`Orders of the ticket`}>
        {rows.map((row, index) => {
          const errors = touched ? Object.values(messagesOf(checked[index]?.issues ?? {})) : [];
          const warnings = (checked[index]?.warnings ?? []).map(messageFor);
          const active = row.id === activeId;
          const base = baseAsset(row.symbol) ?? '—';
          const size = sizeText(row, checked[index]);
          const order = index + 1;
          return (
            <li
              key={row.id}
              className={`ticket-rows__row ${active ? 'ticket-rows__row--active' : ''} ${errors.length ? 'ticket-rows__row--error' : ''}`}
              aria-current={active ? 'true' : undefined}
              data-row={index + 1}
            >
              <button
                type="button"
                className="ticket-rows__pick"
                title={[...errors, ...warnings].join('\n') || undefined}
                onClick={() => actions.setActiveRow(row.id)}
              >
                {/* The name is what shows, after "Edit order": a screen reader hears the row as it reads. */}
                <span className="visually-hidden">{t`Edit order`}</span>
                {' '}
                <span className="ticket-rows__no">{index + 1}</span>
                {' '}
                <span className={row.side === 'BUY' ? 'up' : 'down'}>{row.side === 'BUY' ? t({ message: 'Buy', context: 'order side' }) : t({ message: 'Sell', context: 'order side' })}</span>
                {' '}
                <span>{base}</span>
                {' '}
                <span className="num">{priceText(row)}</span>
                {' '}
                <span className="num">{size}</span>
                {' '}
                {errors.length ? <span className="ticket-rows__errors">{plural(errors.length, { one: '# to fix', other: '# to fix' })}</span> : null}
                {' '}
                {row.pasteError ? <span className="ticket-rows__errors ticket-rows__paste">{lineError(checked[index])}</span> : null}
                {' '}
                {warnings.length ? <span className="ticket-rows__warnings">{plural(warnings.length, { one: '# warning', other: '# warnings' })}</span> : null}
              </button>
              <span className="ticket-rows__actions">
                <button type="button" className="button button--icon" aria-label={t`Move order ${order} up`} disabled={index === 0} onClick={() => actions.moveRow(row.id, -1)}>
                  <Icon name="up" />
                </button>
                <button type="button" className="button button--icon" aria-label={t`Move order ${order} down`} disabled={index === rows.length - 1} onClick={() => actions.moveRow(row.id, 1)}>
                  <Icon name="down" />
                </button>
                <button type="button" className="button button--icon" aria-label={t`Duplicate order ${order}`} onClick={() => actions.duplicateRow(row.id)}>
                  <Icon name="copy" />
                </button>
                <button type="button" className="button button--icon" aria-label={t`Delete order ${order}`} onClick={() => actions.removeRow(row.id, durations)}>
                  <Icon name="close" />
                </button>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** What the list shows of a checked row: its issues, warnings and the quantity a USD size sends. */
const shownOf = (row: CheckedRow | undefined) =>
  row ? JSON.stringify([row.issues, row.warnings, row.quantity?.toFixed()]) : '';

/**
 * The ticket is checked again on every poll (the mark moves), but the list changes only when a
 * row or what is said about it does: the same rows with the same words are not rendered again.
 */
export const TicketRows = memo(
  TicketRowsView,
  (before, after) =>
    before.rows === after.rows &&
    before.durations === after.durations &&
    before.checked.length === after.checked.length &&
    before.checked.every((row, index) => shownOf(row) === shownOf(after.checked[index])),
);
