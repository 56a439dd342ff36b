import { t } from '@lingui/core/macro';
import { useMemo } from 'react';
import type { Duration } from '@/interface';
import { formatFixed } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { Segmented } from '@/terminal/shared/ui/Segmented';
import type { HeldSender } from '../api/armHeld';
import type { MarketContext } from '../model/types';
import type { TicketTool } from '../store';
import { AsideDrafts } from './AsideDrafts';
import { HeldOutcomeView } from './HeldOutcomeView';
import { HeldSubmitBar } from './HeldSubmitBar';
import { ConfirmSettingsForm } from './ConfirmSettingsForm';
import { LadderForm } from './LadderForm';
import { useOrderTicket } from './OrderTicket.script';
import { PasteOrders } from './PasteOrders';
import { RowEditor } from './RowEditor';
import { SubmitBar } from './SubmitBar';
import { TicketOutcomeView } from './TicketOutcomeView';
import { useTicketAccount } from './TicketAccount.script';
import { TicketDesk } from './TicketDesk';
import { TicketRows } from './TicketRows';
import { useTicketCommands } from './useTicketCommands.script';
import { BASE_UNIT, type SizeUnitSetting } from './useSizeUnit.script';
import '../ticket.css';
import '../batch.css';
import '../confirm.css';
import '../held.css';

export interface OrderTicketProps {
  markets: ReadonlyMap<string, MarketContext>;
  durations: readonly Duration[];
  usedClientOrderIds: ReadonlySet<string>;
  /** Why the market data is not live, when it is not: marks are then shown as stale. */
  staleReason?: string;
  /** How old the marks are while the market feed is stale: checks against them are then unverified. */
  markAgeMs?: number;
  /** The trader's size unit for the single order (base quantity or USD), and how to change it. */
  sizing?: SizeUnitSetting;
  /** How the ticket arms held orders and brackets; without it, it offers orders sent now only. */
  heldSender?: HeldSender;
  /** The active workspace's id: on a desk with several accounts, each workspace remembers its own. */
  workspace?: string;
}

const ticketTools = (): { value: TicketTool; label: string }[] => [
  { value: 'order', label: t({ message: 'Order', context: 'ticket tool: one order' }) },
  { value: 'ladder', label: t({ message: 'Ladder', context: 'ticket tool: orders spread over prices' }) },
  { value: 'paste', label: t({ message: 'Paste', context: 'ticket tool: orders pasted as lines' }) },
];

/**
 * The order ticket: one order or a whole batch (typed, laddered or pasted), every order checked as
 * the service would as it is typed, sent through the proxy once, every result accounted for.
 */
export function OrderTicket({ markets, durations, usedClientOrderIds, staleReason, markAgeMs, sizing = BASE_UNIT, heldSender, workspace = '' }: OrderTicketProps) {
  const locale = useLocale();
  // Built again only with the language: the tool switch is not rendered again on every poll.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- locale is not read, but the t`` calls depend on it
  const toolOptions = useMemo(() => ticketTools(), [locale]);
  const { rows, row, tool, actions, check, heldCheck, listed, checked, market, symbols, context } = useOrderTicket(
    markets,
    durations,
    usedClientOrderIds,
    sizing,
    markAgeMs,
    heldSender !== undefined,
  );
  useTicketCommands(markets, durations);
  const desk = useTicketAccount(workspace);
  const { account } = desk;
  if (!row) return null;
  const { symbol } = row;

  return (
    <section className="panel ticket" aria-labelledby="ticket-title">
      <header className="panel__head">
        <h2 id="ticket-title">{t`Order ticket`}</h2>
        {market ? (
          <span className={`ticket__market ${staleReason ? 'ticket__market--stale' : ''}`} title={staleReason}>
            {symbol} · {t({ message: 'mark', context: 'the mark price, as a label before it' })}{' '}
            <span className="num">{formatFixed(market.mark_price, market.priceDecimals)}</span>
            {staleReason ? ` ${t({ message: '(stale)', context: 'market data not live' })}` : ''}
          </span>
        ) : (
          <span className="muted">{symbol ? t`${symbol} (no price yet)` : t`Click a market to trade it`}</span>
        )}
      </header>
      <div className="ticket__form">
        <TicketDesk me={desk.me} choices={desk.choices} account={account} choose={desk.choose} />
        <AsideDrafts />
        <Segmented<TicketTool> label={t`Ticket tool`} value={tool} options={toolOptions} onChange={actions.setTool} />
        {tool === 'order' ? (
          <RowEditor key={row.id} row={row} checked={checked} market={market} durations={durations} sizing={sizing} heldCheck={heldCheck} heldOffered={heldSender !== undefined} />
        ) : null}
        {tool !== 'order' && heldSender ? <p className="muted held__note">{t`Stops, take-profits, trailing stops, TWAP and take-profit / stop-loss exits are set on a single order, in the Order tool.`}</p> : null}
        {tool === 'ladder' ? <LadderForm market={market} durations={durations} side={row.side} inUsd={sizing.unit === 'usd'} /> : null}
        {tool === 'paste' ? <PasteOrders durations={durations} symbols={symbols} inUsd={sizing.unit === 'usd'} /> : null}
        <TicketRows rows={rows} checked={listed} durations={durations} />
        {heldCheck ? (
          <HeldSubmitBar check={heldCheck} side={row.side} sender={heldSender} account={account} />
        ) : (
          <SubmitBar check={check} durations={durations} side={row.side} account={account} />
        )}
        <details className="ticket__more">
          <summary>{t`Ticket settings`}</summary>
          <ConfirmSettingsForm />
          <button type="button" className="button button--ghost" onClick={() => actions.clear(durations)}>
            {t`Clear the ticket`}
          </button>
        </details>
      </div>
      <TicketOutcomeView context={context} account={account} />
      <HeldOutcomeView markets={markets} />
    </section>
  );
}
