import { msg, t } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { may, type DeskAction, type Person, type Role } from '@/interface';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

const roleWords: Record<Role, MessageDescriptor> = {
  trader: msg({ message: 'trader', context: 'desk role: trades the accounts given to them' }),
  risk: msg({ message: 'risk', context: 'desk role: sets limits and approves tickets' }),
  viewer: msg({ message: 'viewer', context: 'desk role: reads only' }),
  admin: msg({ message: 'admin', context: 'desk role: manages users and accounts' }),
};

/** A role in the active language. */
export const roleWord = (role: Role): string => i18n._(roleWords[role]);

/** The person's roles in words, "trader, risk"; "no role" for none. */
export function rolesText(person: Person): string {
  return person.roles.length > 0 ? person.roles.map(roleWord).join(', ') : t({ message: 'no role', context: 'desk: a person with no role' });
}

/** Why the role may not do it, one sentence per action: the sentence names the role it takes. */
function roleRefusal(action: DeskAction, roles: string): string {
  switch (action) {
    case 'trade':
      return t`Signed in as ${roles}: sending and changing orders takes the trader role.`;
    case 'cancelHeld':
      return t`Signed in as ${roles}: cancelling held orders takes the trader or risk role.`;
    case 'approve':
      return t`Signed in as ${roles}: approving tickets takes the risk role.`;
    case 'setLimits':
      return t`Signed in as ${roles}: changing limits takes the risk role.`;
    case 'viewDesk':
      return t`Signed in as ${roles}: the desk is for the risk and admin roles.`;
    case 'viewAudit':
      return t`Signed in as ${roles}: the audit trail is for the risk and admin roles.`;
    case 'manageUsers':
      return t`Signed in as ${roles}: managing users takes the admin role.`;
    case 'read':
      return t`Signed in as ${roles}: this role may not read.`;
  }
}

/** Why `person` may not do `action` (on `account`), in words; undefined when they may. */
export function refusalWords(person: Person, action: DeskAction, account?: string): string | undefined {
  if (may(person, action, account)) return undefined;
  if (account !== undefined && may(person, action)) {
    const name = person.name;
    return t`${name} may not trade account ${account}: it is not one of theirs.`;
  }
  return roleRefusal(action, rolesText(person));
}
