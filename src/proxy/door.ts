import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Journal } from './journal';

export const SESSION_COOKIE = 'terminal_session';
const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Who may trade through this proxy: whoever opened the link it printed. The link's token is traded
 * once for a session cookie (HttpOnly, SameSite=Strict); sessions are kept, hashed, in the journal
 * so a proxy restart does not log the trader out. A token generated at start works once; a token
 * fixed by TERMINAL_TOKEN works every time (the operator chose it).
 */
export class Door {
  readonly token: string;
  private readonly reusable: boolean;
  private used = false;

  constructor(
    private readonly journal: Journal,
    fixedToken: string | undefined,
    private readonly sessionTtlMs = DEFAULT_SESSION_TTL_MS,
  ) {
    this.token = fixedToken ?? randomBytes(24).toString('base64url');
    this.reusable = fixedToken !== undefined;
  }

  get sessionMaxAgeSeconds(): number {
    return Math.floor(this.sessionTtlMs / 1000);
  }

  /** A new session id for the right token, or undefined. */
  exchange(token: string, now = Date.now()): string | undefined {
    const given = Buffer.from(hash(token));
    const expected = Buffer.from(hash(this.token));
    if (!timingSafeEqual(given, expected) || (this.used && !this.reusable)) return undefined;
    this.used = true;
    const session = randomBytes(32).toString('base64url');
    this.journal.pruneSessions(now);
    this.journal.saveSession(hash(session), now + this.sessionTtlMs);
    return session;
  }

  isSession(session: string | undefined, now = Date.now()): boolean {
    if (!session) return false;
    const expiresAt = this.journal.sessionExpiry(hash(session));
    return expiresAt !== undefined && expiresAt > now;
  }

  /** A stable, non-reversible name of a session, for rate limiting. */
  static sessionKey(session: string): string {
    return hash(session).slice(0, 32);
  }
}
