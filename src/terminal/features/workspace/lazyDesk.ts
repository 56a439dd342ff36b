import { lazyWithWords } from '@/terminal/shared/i18n/lazyWithWords';

/** The docking library is most of a first load's worth of code: it comes in its own chunk, after the markets. */
export const DockDesk = lazyWithWords(() => import('./components/DockDesk'));
