import { t } from '@lingui/core/macro';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocale } from '../../i18n/i18n';
import { placeToaster, TOAST_AVOID, type Box } from './placement';
import { useToastActions, useToasts, type Toast } from './toastStore';
import './toast.css';

/** The space kept between the toasts and the screen's edges. */
const MARGIN_PX = 16;
/** Orders arrive and panels move while a toast is up: its place is checked again this often. */
const RECHECK_MS = 500;

function shownBoxes(selector: string): Box[] {
  return [...document.querySelectorAll(selector)]
    .map((element) => element.getBoundingClientRect())
    .filter((rect) => rect.width > 0 && rect.height > 0);
}

/** Puts the toasts where they hide none of TOAST_AVOID, and moves them when that changes. */
function useToasterPlace(count: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || count === 0) return;
    const update = () => {
      const size = element.getBoundingClientRect();
      const rtl = getComputedStyle(element).direction === 'rtl';
      const next = placeToaster({ width: window.innerWidth, height: window.innerHeight }, size, shownBoxes(TOAST_AVOID), MARGIN_PX, rtl);
      setPlace((now) => (now && Math.abs(now.left - next.left) < 1 && Math.abs(now.top - next.top) < 1 ? now : next));
    };
    update();
    const timer = setInterval(update, RECHECK_MS);
    window.addEventListener('resize', update);
    return () => {
      clearInterval(timer);
      window.removeEventListener('resize', update);
    };
  }, [count]);
  return { ref, style: place ? { left: place.left, top: place.top, right: 'auto', bottom: 'auto' } : undefined };
}

/** Ticket outcomes, said once, with their tone; errors and unknowns stay until dismissed. */
export function Toaster() {
  useLocale();
  const toasts = useToasts();
  const { ref, style } = useToasterPlace(toasts.length);
  return (
    <div className="toaster" role="region" aria-label={t`Notifications`} ref={ref} style={style}>
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
