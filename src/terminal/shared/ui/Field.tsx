import { useId, type ReactNode } from 'react';
import './field.css';

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
  className?: string;
}

/** A labelled input with its error under it, wired for screen readers (aria-invalid, describedby). */
export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={`field ${error ? 'field--error' : ''} ${className ?? ''}`}>
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
