import { t } from '@lingui/core/macro';
import { useEffect } from 'react';
import { useLocale } from '../../i18n/i18n';
import { useToastActions, useToasts, type Toast } from './toastStore';
import './toast.css';

/** Ticket outcomes, said once, with their tone; errors and unknowns stay until dismissed. */
export function Toaster() {
  useLocale();
  const toasts = useToasts();
  return (
    <div className="toaster" role="region" aria-label={t`Notifications`}>
      {toasts.map((toast) => (
        <ToastView key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  useLocale();
  const { dismiss } = useToastActions();
  const { title, detail } = toast.words?.() ?? toast;
  useEffect(() => {
    if (toast.timeoutMs <= 0) return;
    const timer = setTimeout(() => dismiss(toast.id), toast.timeoutMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.timeoutMs, dismiss]);
  return (
    <div className={`toast toast--${toast.tone}`} role={toast.tone === 'success' ? 'status' : 'alert'} data-toast={toast.tone}>
      <div className="toast__body">
        <strong>{title}</strong>
        {detail ? <div className="toast__detail">{detail}</div> : null}
      </div>
      <button type="button" className="button button--ghost" aria-label={t`Dismiss notification`} onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}
