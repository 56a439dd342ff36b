import { Suspense, useEffect } from 'react';
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
 * The panels, docked on a desk or one at a time on a phone; each panel renders once for both. The
 * dock's code (most of a first load's worth) comes once the first prices are on screen.
 */
export function Workspace({ afterFirstPrices }: { afterFirstPrices: boolean }) {
  const phone = useIsPhone();
  const shown = useShownPanels();
  const { show } = useDeskActions();
  useEffect(() => {
    if (phone) show(Object.keys(PANELS));
  }, [phone, show]);
  return (
    <>
      <PanelHosts panels={PANELS} shown={shown} />
      {phone ? (
        <PhoneDesk panels={PANELS} tradeBar={<PhoneTradeBar />} />
      ) : (
        <Suspense fallback={<FirstPaint />}>{afterFirstPrices ? <DockDesk panels={PANELS} /> : <FirstPaint />}</Suspense>
      )}
    </>
  );
}
