import { t } from '@lingui/core/macro';
import { useId } from 'react';
import { groupDecimalText } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { Dialog } from '@/terminal/shared/ui/Dialog';
import { holdBackEnter } from '@/terminal/shared/ui/enterGuard';
import type { HeldLine } from '../model/heldLines';
import type { HeldHandles as Handles } from './HeldHandles.script';
import '../heldHandles.css';

/** Left of the price scale and of the "+" on it (chart.css, heldHandles.css), so that neither covers the other. */
const CLEAR_OF_PLUS = 26;

function hintOf(line: HeldLine, movable: boolean, offscreen: boolean): string {
  if (line.kind === 'trailing') return t`A trailing stop moves its own trigger with the mark: change its distance in the Held orders panel.`;
  if (!movable) return t`It cannot be moved now.`;
  return offscreen
    ? t`Its trigger is beyond the chart's scale: press the arrow keys then Enter to move it; you confirm before anything is sent.`
    : t`Drag it, or press the arrow keys then Enter, to move its trigger; you confirm before anything is sent.`;
}

/**
 * The held orders' triggers as labelled handles on their lines ("SL SELL 0.5"), each a button the
 * pointer drags and the keyboard moves, and the question asked before a moved trigger is sent.
 */
export function HeldHandles({ held }: { held: Handles }) {
  useLocale();
  const hintBase = useId();
  const { handles, moving, question, failure } = held;
  return (
    <>
      {handles.map(({ line, y, offscreen }, index) => {
        const movable = held.canMove(line);
        const hintId = `${hintBase}-${index}`;
        const mine = moving?.lineId === line.id ? moving : undefined;
        return (
          <div key={line.id} className="chart__held" style={{ top: y, right: held.scaleWidth + CLEAR_OF_PLUS }} data-offscreen={offscreen}>
            {mine ? (
              <output className="chart__held-to num" aria-live="polite">
                → {groupDecimalText(mine.price)}
              </output>
            ) : null}
            <button
              type="button"
              className="chart__held-handle"
              data-kind={line.kind}
              data-dimmed={line.dimmed}
              data-held-id={line.orderId}
              data-price={line.price}
              aria-disabled={movable ? undefined : true}
              aria-describedby={hintId}
              // A handle held at the pane's edge stands for a line beyond the scale: a drag there
              // would turn pixels into a price nobody sees, and the stack may cover another handle.
              onPointerDown={offscreen ? undefined : (event) => held.pointer.down(line, event)}
              onPointerMove={(event) => held.pointer.move(line, event)}
              onPointerUp={(event) => held.pointer.up(line, event)}
              onPointerCancel={held.pointer.cancel}
              onKeyDown={(event) => held.onKey(line, event)}
              onBlur={held.onBlur}
            >
              {line.title}
            </button>
            <span id={hintId} className="chart__held-hint" role="note">
              {hintOf(line, movable, offscreen !== undefined)}
            </span>
          </div>
        );
      })}
      {failure ? (
        <p className="chart__held-failure" role="alert">
          {t`The trigger was not moved: ${failure}`}
          <button type="button" className="button button--ghost" onClick={held.dismissFailure}>
            {t({ message: 'Close', context: 'close a message' })}
          </button>
        </p>
      ) : null}
      {question ? (
        <Dialog title={question.text} onClose={held.keep} className="chart__held-dialog">
          <p className="chart__held-which">{question.order}</p>
          {question.warnings.map((warning) => (
            <p key={warning} className="chart__held-warning" role="alert">
              {warning}
            </p>
          ))}
          <p>{t`Nothing is sent until you confirm. Escape keeps the trigger where it is.`}</p>
          {/* Opened by Enter: a second Enter, or a held one, is not the trader having read it. */}
          <div className="modal__row" onKeyDown={(event) => holdBackEnter(event, held.settling)}>
            <button
              type="button"
              className="button button--primary"
              data-autofocus
              data-settling={held.settling || undefined}
              disabled={question.sending}
              onClick={() => void held.confirm()}
            >
              {question.sending ? t`Moving…` : t`Move trigger`}
            </button>
            <button type="button" className="button button--ghost" disabled={question.sending} onClick={held.keep}>
              {t`Keep it`}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}
