import { Suspense, useEffect } from 'react';
import { PanelHosts, PanelSlot, useDeskActions, useIsPhone, useShownPanels } from '../features/workspace';
import { lazyWithWords } from '../shared/i18n/lazyWithWords';
import { PANELS, useOfferedPanels } from './panels';

const PhoneLayout = lazyWithWords(() => import('./PhoneLayout'));
// The dock with the panels' headers (they read the ticket, held orders, journal and approvals).
const Dock = lazyWithWords(() => import('./Dock'));

/** Until the dock's code arrives, the markets fill the desk: the first prices never wait for it. */
function FirstPaint() {
  return (
    <div className="dock dock--first">
      <PanelSlot id="markets" />
    </div>
  );
}

/** The phone's first paint: the markets alone, until the tab bar's code arrives. */
function PhoneFirstPaint() {
  return (
    <div className="phone phone--first">
      <div className="phone__view">
        <PanelSlot id="markets" />
      </div>
    </div>
  );
}

/**
 * The panels, docked on a desk or one at a time on a phone; each panel renders once for both. The
 * dock's code (most of a first load's worth), and the phone's tab bar, come once the first prices
 * are on screen.
 */
export function Workspace({ afterFirstPrices }: { afterFirstPrices: boolean }) {
  const phone = useIsPhone();
  const shown = useShownPanels();
  const { show } = useDeskActions();
  const offered = useOfferedPanels();
  useEffect(() => {
    if (phone) show(Object.keys(offered));
  }, [phone, show, offered]);
  return (
    <>
      <PanelHosts panels={PANELS} shown={shown} />
      {phone ? (
        <Suspense fallback={<PhoneFirstPaint />}>{afterFirstPrices ? <PhoneLayout /> : <PhoneFirstPaint />}</Suspense>
      ) : (
        <Suspense fallback={<FirstPaint />}>{afterFirstPrices ? <Dock /> : <FirstPaint />}</Suspense>
      )}
    </>
  );
}
