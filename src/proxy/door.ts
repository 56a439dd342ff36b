import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Journal } from './journal';

export const SESSION_COOKIE = 'terminal_session';
const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Sessions remembered in memory; a handful in practice, bounded against a flood of cookies. */
const MAX_KNOWN_SESSIONS = 1000;

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
  /** Valid sessions seen, so a request costs no hash and no query. */
  private readonly known = new Map<string, { expiresAt: number; key: string }>();

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
    const known = session ? this.lookup(session) : undefined;
    return known !== undefined && known.expiresAt > now;
  }

  /** A stable, non-reversible name of a session, for rate limiting. */
  sessionKey(session: string): string {
    return this.lookup(session)?.key ?? hash(session).slice(0, 32);
  }

  private lookup(session: string): { expiresAt: number; key: string } | undefined {
    const known = this.known.get(session);
    if (known) return known;
    const hashed = hash(session);
    const expiresAt = this.journal.sessionExpiry(hashed);
    if (expiresAt === undefined) return undefined;
    if (this.known.size >= MAX_KNOWN_SESSIONS) this.known.clear();
    const entry = { expiresAt, key: hashed.slice(0, 32) };
    this.known.set(session, entry);
    return entry;
  }
}
