import { createContext, use, useLayoutEffect, useRef } from 'react';
import { placeHost, releaseHost } from '../hosts';

/**
 * Whether the slots below may take their panels: false in a dock kept warm behind the active one,
 * whose slots stay empty until it is shown again.
 */
export const SlotsActive = createContext(true);

/** Where a layout shows a panel: the panel's own box is moved in, not rendered anew. */
export function PanelSlot({ id, className = 'panel-slot' }: { id: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const active = use(SlotsActive);
  useLayoutEffect(() => {
    const slot = ref.current;
    if (!slot || !active) return;
    placeHost(id, slot);
    return () => releaseHost(id, slot);
  }, [id, active]);
  return <div ref={ref} className={className} />;
}
