import { t } from '@lingui/core/macro';
import type { AccountView, DeskMe } from '@/interface';
import { Field } from '@/terminal/shared/ui/Field';
import type { TicketAccount } from './TicketAccount.script';
import { limitFacts, type LimitFact } from './limitFacts';

interface TicketDeskProps {
  me: DeskMe | undefined;
  choices: readonly AccountView[];
  account: TicketAccount | undefined;
  choose: (name: string) => void;
}

function Facts({ facts }: { facts: LimitFact[] }) {
  return (
    <>
      {facts.map((fact, index) => (
        <span key={fact.text} className={fact.stops ? 'ticket-desk__stop' : undefined}>
          {index > 0 ? ' · ' : ''}
          {fact.text}
        </span>
      ))}
    </>
  );
}

/**
 * The desk in the ticket (issue 30): the account it sends to, picked when the person trades
 * several (a visible edit: it changes what is sent), and their limits with today's use, before
 * they send. Nothing in single-token mode with one account.
 */
export function TicketDesk({ me, choices, account, choose }: TicketDeskProps) {
  const desk = me !== undefined && !me.person.implicit;
  if (!account?.several && !desk) return null;
  const accountLimits = account && me ? me.accountLimits[account.name] : undefined;
  const name = me?.person.name ?? '';
  const accountName = account?.name ?? '';
  return (
    <div className="ticket-desk">
      {account?.several ? (
        <Field
          className="ticket-desk__account"
          label={t({ message: 'Account', context: 'the desk account the ticket sends to' })}
          hint={t`The next ticket goes to this account (remembered in this workspace).`}
        >
          {(props) => (
            <select {...props} className="input" value={account.name} onChange={(event) => choose(event.target.value)}>
              {choices.map((choice) => (
                <option key={choice.name} value={choice.name}>
                  {choice.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {desk && me ? (
        // The group is around the list: a role on the <dl> itself would take its dt/dd from it.
        <div role="group" aria-label={t`Your limits and today’s use`}>
          <dl className="ticket-desk__limits">
            <div>
              <dt>{t({ message: `You (${name})`, context: 'desk limits of the signed-in user' })}</dt>
              <dd>
                <Facts facts={limitFacts(me.user.limits, me.user.usedToday, me.user.openHeld, me.user.approvalFreeToday)} />
              </dd>
            </div>
            {accountLimits ? (
              <div>
                <dt>{t({ message: `Account ${accountName}`, context: 'desk limits of the chosen account' })}</dt>
                <dd>
                  <Facts facts={limitFacts(accountLimits.limits, accountLimits.usedToday, accountLimits.openHeld)} />
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
      ) : null}
    </div>
  );
}
