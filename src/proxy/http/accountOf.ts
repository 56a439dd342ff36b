import type { FastifyRequest } from 'fastify';
import { ACCOUNT_HEADER, type Person } from '../../interface';

export type AccountChoice = { ok: true; name: string } | { ok: false; message: string };

/**
 * The account a ticket, held order or bracket is for: the `x-account` header, or the proxy's
 * person's first account without it (the proxy's first, `main`, for '*' and single-token mode).
 * An unknown name is refused, naming the header and the accounts there are. Whether the person may
 * trade it is the desk's gate's to say (desk/gate.ts).
 */
export function accountOf(request: FastifyRequest, person: Person | null = request.person): AccountChoice {
  const book = request.server.accountBook;
  const header = request.headers[ACCOUNT_HEADER];
  const name = typeof header === 'string' ? header.trim() : undefined;
  if (name === undefined || name === '') return { ok: true, name: firstAccountOf(person, book.names) };
  if (book.has(name)) return { ok: true, name };
  // Echoed printable and short: the header is the client's text.
  const shown = name.replace(/[^\x20-\x7e]/g, '?').slice(0, 40);
  return { ok: false, message: `${ACCOUNT_HEADER} header: no account "${shown}" here; this proxy signs for ${book.names.join(', ')}; nothing was sent` };
}

/** A person's default account: the first of theirs this proxy signs for, else the proxy's first. */
function firstAccountOf(person: Person | null, names: readonly string[]): string {
  const theirs = person && person.accounts !== '*' ? person.accounts.find((account) => names.includes(account)) : undefined;
  return theirs ?? names[0]!;
}

/** Who places what the request sends: the signed-in person, or the terminal of single-token mode. */
export const placedByOf = (request: FastifyRequest): string => request.person?.name ?? 'terminal';

/** The account's name in a handler whose preValidation already refused an unknown one. */
export function checkedAccountOf(request: FastifyRequest): string {
  const account = accountOf(request);
  if (!account.ok) throw new Error(account.message);
  return account.name;
}

/**
 * The accounts given to the request's person: every one (undefined) for `'*'` and single-token
 * mode. A desk keeps its books apart: a trader of one account neither reads another's orders, tags
 * or held orders, nor cancels them all at once with their own.
 */
export function readableAccounts(request: FastifyRequest): readonly string[] | undefined {
  const accounts = request.person?.accounts ?? '*';
  return accounts === '*' ? undefined : accounts;
}

/** Whether the request's person may read `account`'s journal (none named: the proxy's first, as rows from before accounts). */
export const mayRead = (request: FastifyRequest, account: string | undefined): boolean =>
  readableAccounts(request)?.includes(account ?? request.server.accountBook.main) ?? true;

/** Why a filter's `account` is one the person may not read; undefined when there is none or they may. */
export function unreadableAccount(request: FastifyRequest, account: string | undefined): string | undefined {
  if (account === undefined || mayRead(request, account)) return undefined;
  return `${request.person?.name ?? 'this session'} may not read account ${account}`;
}
