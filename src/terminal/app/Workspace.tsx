import { Suspense, useEffect, useState } from 'react';
import { usePollingIntervals } from '../features/config';
import { useFutures } from '../features/markets';
import { DockDesk, PanelHosts, PanelSlot, PhoneDesk, useDeskActions, useIsPhone, useShownPanels } from '../features/workspace';
import { PANELS } from './panels';
import { PhoneTradeBar } from './PhoneTradeBar';

/** Until the dock's code arrives, the markets fill the desk: the first prices never wait for it. */
function FirstPaint() {
  return (
    <div className="dock dock--first">
      <PanelSlot id="markets" />
    </div>
  );
}

/**
 * The dock's code (most of a first load's worth) is fetched and parsed once the first prices are
 * on screen, or have failed: before, it would compete with them for the one main thread.
 */
function useDockWanted(): boolean {
  const { quotes } = usePollingIntervals();
  const futures = useFutures(quotes);
  const settled = futures.data !== undefined || futures.error !== null;
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    // A frame for the first rows to paint, then the dock; never later than 3 s whatever the feed does.
    const start = () => setWanted(true);
    const late = setTimeout(start, 3000);
    let frame = 0;
    if (settled) frame = requestAnimationFrame(() => setTimeout(start, 0));
    return () => {
      clearTimeout(late);
      cancelAnimationFrame(frame);
    };
  }, [settled, wanted]);
  return wanted;
}

/** The panels, docked on a desk or one at a time on a phone; each panel renders once for both. */
export function Workspace() {
  const phone = useIsPhone();
  const shown = useShownPanels();
  const { show } = useDeskActions();
  const dockWanted = useDockWanted();
  useEffect(() => {
    if (phone) show(Object.keys(PANELS));
  }, [phone, show]);
  return (
    <>
      <PanelHosts panels={PANELS} shown={shown} />
      {phone ? (
        <PhoneDesk panels={PANELS} tradeBar={<PhoneTradeBar />} />
      ) : (
        <Suspense fallback={<FirstPaint />}>{dockWanted ? <DockDesk panels={PANELS} /> : <FirstPaint />}</Suspense>
      )}
    </>
  );
}
