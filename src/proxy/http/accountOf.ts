import type { FastifyRequest } from 'fastify';
import { ACCOUNT_HEADER } from '../../interface';

export type AccountChoice = { ok: true; name: string } | { ok: false; message: string };

/**
 * The account a ticket, held order or bracket is for: the `x-account` header, or the proxy's
 * first account (`main`) without it. An unknown name is refused, naming the header and the
 * accounts there are. This is the seam where a desk's people (issue 30) default to the person's
 * first account and check the person may trade the one named.
 */
export function accountOf(request: FastifyRequest): AccountChoice {
  const book = request.server.accountBook;
  const header = request.headers[ACCOUNT_HEADER];
  const name = typeof header === 'string' ? header.trim() : undefined;
  if (name === undefined || name === '') return { ok: true, name: book.main };
  if (book.has(name)) return { ok: true, name };
  // Echoed printable and short: the header is the client's text.
  const shown = name.replace(/[^\x20-\x7e]/g, '?').slice(0, 40);
  return { ok: false, message: `${ACCOUNT_HEADER} header: no account "${shown}" here; this proxy signs for ${book.names.join(', ')}; nothing was sent` };
}

/** Who places what the request sends: the signed-in person, or the terminal of single-token mode. */
export const placedByOf = (request: FastifyRequest): string => request.person?.name ?? 'terminal';

/** The account's name in a handler whose preValidation already refused an unknown one. */
export function checkedAccountOf(request: FastifyRequest): string {
  const account = accountOf(request);
  if (!account.ok) throw new Error(account.message);
  return account.name;
}
