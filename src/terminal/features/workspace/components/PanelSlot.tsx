import { useLayoutEffect, useRef } from 'react';
import { placeHost, releaseHost } from '../hosts';

/** Where a layout shows a panel: the panel's own box is moved in, not rendered anew. */
export function PanelSlot({ id, className = 'panel-slot' }: { id: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const slot = ref.current;
    if (!slot) return;
    placeHost(id, slot);
    return () => releaseHost(id, slot);
  }, [id]);
  return <div ref={ref} className={className} />;
}
