import { lazy } from 'react';

/** The docking library is most of a first load's worth of code: it comes in its own chunk, after the markets. */
export const DockDesk = lazy(() => import('./components/DockDesk'));
