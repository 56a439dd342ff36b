import { t } from '@lingui/core/macro';
import { useRef, type ReactNode } from 'react';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { panelTitle } from '../model/presets';
import { usePhoneStore, type PhoneTab } from '../phoneStore';
import type { PanelBodies } from '../types';
import { PanelSlot } from './PanelSlot';
import { useModalSheet } from './useModalSheet';

// The desk's panels (approvals, limits, audit) only for the roles given them: their tabs wrap to a
// second row rather than squeeze the first six.
const TABS: readonly (PhoneTab | 'trade')[] = ['markets', 'chart', 'trade', 'orders', 'held', 'account', 'approvals', 'desk', 'audit'];

/** A tab's words, read at render: a panel's title, Trade for the ticket sheet, Held for the held orders. */
function tabTitle(id: PhoneTab | 'trade'): string {
  if (id === 'trade') return t({ message: 'Trade', context: 'phone tab that opens the order ticket' });
  // Six tabs share 390 px: the held orders' tab says one word.
  if (id === 'held') return t({ message: 'Held', context: 'phone tab: the held orders (stops, take-profits, TWAPs)' });
  return panelTitle(id) ?? id;
}

/**
 * The phone: one panel at a time under a bottom tab bar, the ticket as a full-height sheet. The
 * sheet is modal (it covers all the rest, the tab bar too): see useModalSheet.
 */
export function PhoneDesk({ panels, tradeBar }: { panels: PanelBodies; tradeBar: ReactNode }) {
  useLocale();
  const { tab, sheet, set } = usePhoneStore();
  const tabs = TABS.filter((id) => id === 'trade' || panels[id]).map((id) => ({ id, title: tabTitle(id) }));
  const sheetRef = useRef<HTMLDivElement>(null);
  const close = () => set({ sheet: false });
  useModalSheet(sheetRef, sheet, close);
  return (
    <div className="phone">
      {/* What the sheet covers, made inert as one while it is up. The trade bar stays under it: its
          Buy or Sell, which opened the sheet, takes the focus back when it closes. */}
      <div className="phone__behind">
        <div className="phone__view">{panels[tab] ? <PanelSlot id={tab} /> : <PanelSlot id="markets" />}</div>
        {tab === 'markets' ? tradeBar : null}
        <nav className="phone__tabs" aria-label={t({ message: 'Panels', context: 'the panels of the layout' })}>
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
      </div>
      {sheet ? (
        <div ref={sheetRef} className="phone__sheet" role="dialog" aria-modal="true" aria-label={t`Ticket sheet`}>
          <div className="phone__sheet-head">
            <button type="button" className="button phone__close" onClick={close}>
              {t({ message: 'Close', context: 'close a dialog' })}
            </button>
          </div>
          <PanelSlot id="ticket" className="panel-slot phone__sheet-body" />
        </div>
      ) : null}
    </div>
  );
}
