import { useId, useState, type ReactNode } from 'react';
import './field.css';

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
  className?: string;
  /**
   * Withholds the error until the trader has changed or left the field: an empty field of a
   * fresh form is not a mistake yet. The form clears it when the trader tries to send.
   */
  quietUntilTouched?: boolean;
}

/** A labelled input with its error under it, wired for screen readers (aria-invalid, describedby). */
export function Field({ label, error: found, hint, children, className, quietUntilTouched = false }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const [touched, setTouched] = useState(false);
  const error = quietUntilTouched && !touched ? undefined : found;
  const touch = () => setTouched(true);
  return (
    <div className={`field ${error ? 'field--error' : ''} ${className ?? ''}`} onChange={touch} onBlur={touch}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error || hint ? messageId : undefined })}
      {error ? (
        <div className="field__error" id={messageId} role="alert">
          {error}
        </div>
      ) : hint ? (
        <div className="field__hint" id={messageId}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}
