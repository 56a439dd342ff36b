import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { HeldOrder, HeldOrderState } from '@/interface';
import { fixedPlain, formatPlain } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { sideWord } from '../messages';
import { useArmOutcome, useTicketActions } from '../store';
import type { MarketContext } from '../model/types';
import { DeskOutcome } from './DeskOutcome';

const stateText: Record<HeldOrderState, MessageDescriptor> = {
  awaiting_entry: msg({ message: 'Awaiting entry', context: 'held order state' }),
  armed: msg({ message: 'Armed', context: 'held order state' }),
  paused: msg({ message: 'Paused', context: 'held order state' }),
  fired: msg({ message: 'Fired', context: 'held order state' }),
  cancelled: msg({ message: 'Cancelled', context: 'held order state' }),
  expired: msg({ message: 'Expired', context: 'held order state' }),
  failed: msg({ message: 'Failed', context: 'held order state' }),
};

/**
 * One held order as armed: its kind, side, size, trigger, id and state as the proxy holds it. A
 * trailing stop's trigger is its level now, worked out to any digits: shown at the market's tick.
 */
function HeldLine({ order, priceDecimals }: { order: HeldOrder; priceDecimals: number | undefined }) {
  const level = order.type === 'TRAILING_STOP' && priceDecimals !== undefined;
  const trigger = order.trigger_price === null ? undefined : formatPlain(level ? Number(fixedPlain(order.trigger_price, priceDecimals)) : order.trigger_price);
  const { id, state } = order;
  return (
    <li className="outcome__row" data-status={state} data-held-id={id}>
      <span className="badge">{i18n._(stateText[state])}</span>
      <span className="outcome__order">
        {order.type} {sideWord(order.side)} {formatPlain(order.order_quantity)} {order.symbol}
        {trigger ? ` · ${t`trigger ${trigger}`}` : ''}
      </span>
      <span className="outcome__detail">{t`held order ${id}`}</span>
    </li>
  );
}

/** What the proxy answered to the last held order or bracket: what it holds now, or why it refused. */
export function HeldOutcomeView({ markets }: { markets: ReadonlyMap<string, MarketContext> }) {
  useLocale();
  const outcome = useArmOutcome();
  const actions = useTicketActions();
  if (!outcome) return null;
  if (outcome.awaiting || outcome.limits) {
    return <DeskOutcome awaiting={outcome.awaiting} limits={outcome.limits} message={outcome.message} label={t`Held order result`} onDismiss={actions.dismissArmOutcome} />;
  }
  const entry = outcome.bracket?.ticket.rows[0];
  const exits = outcome.bracket?.exits ?? [];
  const armed = outcome.order ? [outcome.order] : exits;
  const refused = armed.length === 0 && !entry;
  let head = refused ? t`Not armed` : t`Armed`;
  if (entry) head = entry.status === 'accepted' ? t`Entry accepted, exits armed` : t`Entry not accepted: its exits are cancelled`;
  return (
    <section className={`outcome outcome--${refused ? 'bad' : 'ok'}`} aria-label={t`Held order result`} aria-live="polite">
      <header className="outcome__head">
        <strong>{head}</strong>
        <span className="outcome__buttons">
          <button type="button" className="button button--ghost" onClick={actions.dismissArmOutcome}>
            {t`Dismiss`}
          </button>
        </span>
      </header>
      {outcome.message ? <p className="outcome__message">{outcome.message}</p> : null}
      {entry?.error_message ? <p className="outcome__message">{entry.error_message}</p> : null}
      {armed.length > 0 ? (
        <ol className="outcome__rows">
          {armed.map((order) => (
            <HeldLine key={order.id} order={order} priceDecimals={markets.get(order.symbol)?.priceDecimals} />
          ))}
        </ol>
      ) : null}
    </section>
  );
}
