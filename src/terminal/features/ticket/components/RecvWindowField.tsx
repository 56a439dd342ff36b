import { useState } from 'react';
import { MAX_RECV_WINDOW_MS } from '@/interface';
import { Field } from '@/terminal/shared/ui/Field';
import { useRecvWindow, useTicketActions } from '../store';

/** Shorter than this, a ticket would expire on its way through a slow network. */
const MIN_RECV_WINDOW_MS = 100;

const parse = (text: string) => {
  const ms = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(ms) && ms >= MIN_RECV_WINDOW_MS && ms <= MAX_RECV_WINDOW_MS ? ms : undefined;
};

/**
 * The ticket's receive window. Typed freely (a half-typed number is not a value yet); a valid one
 * takes effect as it is typed, an invalid one says why and, when the field is left, goes back to
 * the window in force, which the field then shows.
 */
export function RecvWindowField() {
  const recvWindow = useRecvWindow();
  const { setRecvWindow } = useTicketActions();
  const [text, setText] = useState<string | undefined>(undefined);
  const shown = text ?? String(recvWindow);
  const invalid = text !== undefined && parse(text) === undefined;
  return (
    <Field
      label="Receive window (ms)"
      error={invalid ? `Whole milliseconds from ${MIN_RECV_WINDOW_MS} to ${MAX_RECV_WINDOW_MS}; ${recvWindow} ms is in force` : undefined}
      hint="The service drops the ticket if it arrives later than this after signing"
    >
      {(props) => (
        <input
          {...props}
          className="input num"
          inputMode="numeric"
          value={shown}
          onChange={(event) => {
            setText(event.target.value);
            const ms = parse(event.target.value);
            if (ms !== undefined) setRecvWindow(ms);
          }}
          onBlur={() => setText(undefined)}
        />
      )}
    </Field>
  );
}
