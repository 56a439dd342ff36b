import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { MAX_RECV_WINDOW_MS } from '@/interface';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { Field } from '@/terminal/shared/ui/Field';
import { useRecvWindow, useTicketActions } from '../store';

/** Shorter than this, a ticket would expire on its way through a slow network. */
const MIN_RECV_WINDOW_MS = 100;

const parse = (text: string) => {
  const ms = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(ms) && ms >= MIN_RECV_WINDOW_MS && ms <= MAX_RECV_WINDOW_MS ? ms : undefined;
};

function windowError(recvWindow: number): string {
  const shortest = MIN_RECV_WINDOW_MS;
  const longest = MAX_RECV_WINDOW_MS;
  return t`Whole milliseconds from ${shortest} to ${longest}; ${recvWindow} ms is in force`;
}

/**
 * The ticket's receive window. Typed freely (a half-typed number is not a value yet); a valid one
 * takes effect as it is typed, an invalid one says why and, when the field is left, goes back to
 * the window in force, which the field then shows.
 */
export function RecvWindowField() {
  useLocale();
  const recvWindow = useRecvWindow();
  const { setRecvWindow } = useTicketActions();
  const [text, setText] = useState<string | undefined>(undefined);
  const shown = text ?? String(recvWindow);
  const invalid = text !== undefined && parse(text) === undefined;
  return (
    <Field
      label={t`Receive window (ms)`}
      error={invalid ? windowError(recvWindow) : undefined}
      hint={t`The service drops the ticket if it arrives later than this after signing`}
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
