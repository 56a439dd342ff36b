import type { AccountView } from '../interface';
import { MAIN_ACCOUNT } from './journal/types';
import type { ServiceAccount } from './options';

/** An account the proxy signs for, with its name (the `x-account` header's value). */
export type NamedAccount = ServiceAccount & { name: string };

export class AccountConfigError extends Error {}

/**
 * The proxy's accounts in order: the environment's own first (named `main` unless it says
 * otherwise), then those of ACCOUNTS_FILE. Two accounts with one name, one account id or one key
 * are refused: a name must pick one account, and a desk leases the sending per account id and the
 * service paces per key. The words name the field, never a secret.
 */
export function accountsOf(main: ServiceAccount, more: readonly ServiceAccount[] = []): NamedAccount[] {
  const accounts = [{ ...main, name: main.name ?? MAIN_ACCOUNT }, ...more.map((account) => ({ ...account, name: account.name ?? '' }))];
  accounts.forEach((account, index) => {
    const earlier = accounts.slice(0, index);
    if (!account.name) throw new AccountConfigError(`accounts[${index}].name is required`);
    for (const field of ['name', 'accountId', 'key'] as const) {
      const twin = earlier.find((other) => other[field] === account[field]);
      if (twin) throw new AccountConfigError(`accounts "${twin.name}" and "${account.name}" have the same ${field}: each account needs its own`);
    }
  });
  return accounts;
}

/**
 * The accounts as routes see them: names and account ids only. The keys and secrets stay with the
 * senders (plugins/sender.ts), which keep each secret as a signer and nothing else.
 */
export class AccountBook {
  private readonly byName: Map<string, AccountView>;

  constructor(accounts: readonly Pick<NamedAccount, 'name' | 'accountId'>[]) {
    this.byName = new Map(accounts.map((account) => [account.name, { name: account.name, accountId: account.accountId }]));
  }

  /** The environment's account: a ticket that names none is signed for it. */
  get main(): string {
    return this.names[0]!;
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  get(name: string): AccountView | undefined {
    return this.byName.get(name);
  }

  views(): AccountView[] {
    return [...this.byName.values()];
  }
}
