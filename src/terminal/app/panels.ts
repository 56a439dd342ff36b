import { t } from '@lingui/core/macro';
import { useMemo, type ComponentType } from 'react';
import { offeredPanels, usePerson } from '../features/desk';
import { lazyWithWords } from '@/terminal/shared/i18n/lazyWithWords';
import type { PanelBodies, PanelBody } from '../features/workspace';
import { MarketsPanel } from './MarketsPanel';

// The markets are what a trader looks at first: the other panels load in parallel, in their own
// chunks, and render just after, so the first prices do not wait for them.
const TicketPanel = lazyWithWords(() => import('./TicketPanel').then((module) => ({ default: module.TicketPanel })));
const ChartPanel = lazyWithWords(() => import('./ChartPanel').then((module) => ({ default: module.ChartPanel })));
const OrdersPanel = lazyWithWords(() => import('./OrdersPanel').then((module) => ({ default: module.OrdersPanel })));
const HeldOrdersPanel = lazyWithWords(() => import('./HeldOrdersPanel').then((module) => ({ default: module.HeldOrdersPanel })));
const AccountPanel = lazyWithWords(() => import('./AccountPanel').then((module) => ({ default: module.AccountPanel })));
const ApprovalsPanel = lazyWithWords(() => import('./DeskPanels').then((module) => ({ default: module.ApprovalsPanel })));
const DeskPanel = lazyWithWords(() => import('./DeskPanels').then((module) => ({ default: module.DeskPanel })));
const AuditPanel = lazyWithWords(() => import('./DeskPanels').then((module) => ({ default: module.AuditPanel })));

/**
 * Every panel a workspace can show, by the id its layouts name it with. A layout naming a panel
 * missing here opens without it, with a notice. Adding a panel is one entry. Titles and labels are
 * getters: read at render, in the language chosen then, not once at import.
 */
export const PANELS: Readonly<Record<string, PanelBody<ComponentType>>> = {
  markets: {
    get title() { return t`Markets`; },
    Component: MarketsPanel,
    get label() { return t`Markets`; },
  },
  chart: {
    get title() { return t`Chart`; },
    Component: ChartPanel,
    get label() { return t`Chart`; },
  },
  ticket: {
    get title() { return t({ message: 'Ticket', context: 'panel title: the order ticket' }); },
    Component: TicketPanel,
    get label() { return t`Order ticket`; },
  },
  orders: {
    get title() { return t`Orders`; },
    Component: OrdersPanel,
    get label() { return t`Orders`; },
  },
  held: {
    get title() { return t({ message: 'Held orders', context: 'panel title: stops, take-profits, trailing stops and TWAPs the proxy holds' }); },
    Component: HeldOrdersPanel,
    get label() { return t`Held orders`; },
  },
  account: {
    get title() { return t`Account`; },
    Component: AccountPanel,
    get label() { return t`Account`; },
  },
  approvals: {
    get title() { return t({ message: 'Approvals', context: 'panel title: tickets waiting for a second pair of eyes' }); },
    Component: ApprovalsPanel,
    get label() { return t`Approvals`; },
  },
  desk: {
    get title() { return t({ message: 'Desk', context: 'panel title: users and accounts of the desk with their limits' }); },
    Component: DeskPanel,
    get label() { return t({ message: 'Desk limits', context: 'the desk panel: users, accounts and their limits' }); },
  },
  audit: {
    get title() { return t({ message: 'Audit', context: 'panel title: the audit trail' }); },
    Component: AuditPanel,
    get label() { return t`Audit trail`; },
  },
};

/**
 * The panels offered to the person signed in (the Layout menu, the phone's tabs): the desk's only
 * to the roles that use them, none in single-token mode. The dock still knows every panel, so a
 * saved layout keeps a desk panel while the person is still being read.
 */
export function useOfferedPanels(): PanelBodies {
  const person = usePerson();
  return useMemo(() => offeredPanels(PANELS, person), [person]);
}
