import type { ReactNode } from 'react';
import { usePhoneStore, type PhoneTab } from '../phoneStore';
import type { PanelRegistry } from '../types';
import { PanelSlot } from './PanelSlot';

const TABS: readonly { id: PhoneTab | 'trade'; title: string }[] = [
  { id: 'markets', title: 'Markets' },
  { id: 'chart', title: 'Chart' },
  { id: 'trade', title: 'Trade' },
  { id: 'orders', title: 'Orders' },
  { id: 'account', title: 'Account' },
];

/** The phone: one panel at a time under a bottom tab bar, the ticket as a full-height sheet. */
export function PhoneDesk({ panels, tradeBar }: { panels: PanelRegistry; tradeBar: ReactNode }) {
  const { tab, sheet, set } = usePhoneStore();
  const tabs = TABS.filter((entry) => entry.id === 'trade' || panels[entry.id]);
  return (
    <div className="phone">
      <div className="phone__view">{panels[tab] ? <PanelSlot id={tab} /> : <PanelSlot id="markets" />}</div>
      {tab === 'markets' && !sheet ? tradeBar : null}
      <nav className="phone__tabs" aria-label="Panels">
        {tabs.map((entry) => {
          const on = entry.id === 'trade' ? sheet : !sheet && entry.id === tab;
          return (
            <button
              key={entry.id}
              type="button"
              className={`phone__tab ${on ? 'phone__tab--on' : ''}`}
              aria-current={on ? 'page' : undefined}
              onClick={() => (entry.id === 'trade' ? set({ sheet: true }) : set({ tab: entry.id, sheet: false }))}
            >
              {entry.title}
            </button>
          );
        })}
      </nav>
      {sheet ? (
        <div className="phone__sheet" role="dialog" aria-label="Ticket sheet">
          <div className="phone__sheet-head">
            <button type="button" className="button phone__close" onClick={() => set({ sheet: false })}>
              Close
            </button>
          </div>
          <PanelSlot id="ticket" className="panel-slot phone__sheet-body" />
        </div>
      ) : null}
    </div>
  );
}
