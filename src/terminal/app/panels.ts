import { lazy, type ComponentType } from 'react';
import type { PanelEntry } from '../features/workspace';
import { MarketsPanel } from './MarketsPanel';
import { useAccountHeader, useChartHeader, useMarketsHeader, useOrdersHeader, useTicketHeader } from './panelHeaders';

// The markets are what a trader looks at first: the other panels load in parallel, in their own
// chunks, and render just after, so the first prices do not wait for them.
const TicketPanel = lazy(() => import('./TicketPanel').then((module) => ({ default: module.TicketPanel })));
const ChartPanel = lazy(() => import('./ChartPanel').then((module) => ({ default: module.ChartPanel })));
const OrdersPanel = lazy(() => import('./OrdersPanel').then((module) => ({ default: module.OrdersPanel })));
const AccountPanel = lazy(() => import('./AccountPanel').then((module) => ({ default: module.AccountPanel })));

/**
 * Every panel a workspace can show, by the id its layouts name it with. A layout naming a panel
 * missing here opens without it, with a notice. Adding a panel is one entry.
 */
export const PANELS: Readonly<Record<string, PanelEntry<ComponentType>>> = {
  markets: { title: 'Markets', Component: MarketsPanel, useHeader: useMarketsHeader, label: 'Markets' },
  chart: { title: 'Chart', Component: ChartPanel, useHeader: useChartHeader, label: 'Chart' },
  ticket: { title: 'Ticket', Component: TicketPanel, useHeader: useTicketHeader, label: 'Order ticket' },
  orders: { title: 'Orders', Component: OrdersPanel, useHeader: useOrdersHeader, label: 'Orders' },
  account: { title: 'Account', Component: AccountPanel, useHeader: useAccountHeader, label: 'Account' },
};
