import { useMemo } from 'react';
import { may, type DeskMe } from '@/interface';
import { useDeskMe } from '@/terminal/shared/person';
import { useChosenAccounts, useTicketActions } from '../store';

/** The account a ticket goes to, and whether the trader had a choice (then it is said wherever it is sent). */
export interface TicketAccount {
  name: string;
  several: boolean;
}

/**
 * The desk accounts the person may trade, and the one chosen in this workspace (the first when
 * none is, or the remembered one is no longer theirs). No desk answer: no account, no header.
 */
export function useTicketAccount(workspace: string) {
  const me: DeskMe | undefined = useDeskMe();
  const chosen = useChosenAccounts()[workspace];
  const { chooseAccount } = useTicketActions();
  const choices = useMemo(() => (me ? me.accounts.filter((account) => may(me.person, 'trade', account.name)) : []), [me]);
  const name = choices.find((account) => account.name === chosen)?.name ?? choices[0]?.name;
  const several = choices.length > 1;
  const account = useMemo((): TicketAccount | undefined => (name === undefined ? undefined : { name, several }), [name, several]);
  return { me, choices, account, choose: (next: string) => chooseAccount(workspace, next) };
}
