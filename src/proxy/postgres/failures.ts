/**
 * Which failures mean "the database cannot be reached" (as opposed to "it answered no"), and how a
 * database URL is written where people read it: never with its password.
 */

/** Thrown for every query the database could not be reached for: a 503, never a 500. */
export class DatabaseUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`the journal is unavailable: ${reason}`);
    this.name = 'DatabaseUnavailableError';
  }
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'the database refused the connection',
  ECONNRESET: 'the connection to the database was lost',
  EPIPE: 'the connection to the database was lost',
  ETIMEDOUT: 'the database did not answer in time',
  ENOTFOUND: 'the database host was not found',
  EAI_AGAIN: 'the database host was not found',
  EHOSTUNREACH: 'the database host cannot be reached',
  ENETUNREACH: 'the database host cannot be reached',
};

/** SQLSTATEs of a server that is going away or not yet there (class 08 is matched whole). */
const SERVER_STATES: Record<string, string> = {
  '57P01': 'the database is shutting down',
  '57P02': 'the database crashed and is restarting',
  '57P03': 'the database is starting up',
  '53300': 'the database has no connection free',
};

/** pg's own words for connections it gave up on (it sets no code on them). */
const CLIENT_MESSAGES: [RegExp, string][] = [
  [/timeout exceeded when trying to connect/i, 'the database did not answer in time'],
  [/connection timeout/i, 'the database did not answer in time'],
  [/query read timeout/i, 'the database did not answer in time'],
  [/connection terminated/i, 'the connection to the database was lost'],
  [/not queryable/i, 'the connection to the database was lost'],
];

/** A short reason when `error` says the database could not be reached; undefined when it answered. */
export function classifyFailure(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code in NETWORK_CODES) return NETWORK_CODES[code];
    // 57P03 (cannot connect now) is also what a server in a shutdown answers a new connection.
    if (code === '57P03' && /shutting down/i.test(error.message)) return SERVER_STATES['57P01'];
    if (code in SERVER_STATES) return SERVER_STATES[code];
    if (/^08[0-9A-Z]{3}$/.test(code)) return 'the connection to the database failed';
  }
  // Node's connect errors to several addresses (localhost: ::1 and 127.0.0.1) come together.
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const reason = classifyFailure(inner);
      if (reason !== undefined) return reason;
    }
  }
  return CLIENT_MESSAGES.find(([pattern]) => pattern.test(error.message))?.[1];
}

/** `postgres://user:***@host:5432/db`: the URL with its password replaced, for logs and errors. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const key of [...parsed.searchParams.keys()]) {
      if (/pass/i.test(key)) parsed.searchParams.set(key, '***');
    }
    return parsed.href;
  } catch {
    // Not a URL: the part between "//user:" and "@" is taken for a password all the same.
    return url.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@');
  }
}

/** A function removing `url`'s password (as written, and decoded) from any text. */
export function scrubber(url: string): (text: string) => string {
  const secrets = new Set<string>();
  try {
    const parsed = new URL(url);
    for (const [key, value] of parsed.searchParams) if (/pass/i.test(key) && value) secrets.add(value);
    if (parsed.password) {
      secrets.add(parsed.password);
      secrets.add(decodeURIComponent(parsed.password));
    }
  } catch {
    const password = /\/\/[^:/@]*:([^@]*)@/.exec(url)?.[1];
    if (password) secrets.add(password);
  }
  const found = [...secrets].filter((secret) => secret.length > 0).sort((a, b) => b.length - a.length);
  return (text) => found.reduce((scrubbed, secret) => scrubbed.split(secret).join('***'), text);
}
