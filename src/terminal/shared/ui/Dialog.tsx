import { t } from '@lingui/core/macro';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocale } from '../i18n/i18n';
import './dialog.css';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * A modal dialog: the page behind is inert (the browser's modal <dialog> keeps Tab inside), Escape
 * closes it, and the focus goes back where it was when it opened. Rendered only while open.
 */
export function Dialog({ title, onClose, children, className }: DialogProps) {
  useLocale();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Where the focus was before the dialog rendered, read before anything inside can take it.
  const [returnTo] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal focuses the first control (Close). A field marked data-autofocus (the palette's
    // search) takes the first keys instead: autoFocus alone cannot, the dialog was closed then.
    dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      dialog?.close();
      returnTo?.focus();
    };
  }, [returnTo]);
  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        // The browser's own Escape (the cancel event) is not everywhere; this one is.
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="modal__head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t({ message: 'Close', context: 'close a dialog' })}
        </button>
      </header>
      <div className="modal__body">{children}</div>
    </dialog>
  );
}
