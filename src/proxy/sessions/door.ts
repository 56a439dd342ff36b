import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { LOGIN_LIMITS, LoginLimits, type LoginLimitsOptions } from './loginLimits';
import type { SessionStore } from './sessionStore';

const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Sessions remembered in memory; a handful in practice, bounded against a flood of cookies. */
const MAX_KNOWN_SESSIONS = 1000;
/** What a session id looks like (32 random bytes, base64url): anything else costs no hash. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

export interface Session {
  /** A stable, non-reversible name of the session, for rate limits and logs. */
  key: string;
  expiresAt: number;
}

export type Exchange =
  | { kind: 'session'; id: string }
  | { kind: 'refused'; failures: number }
  | { kind: 'limited'; retryAfterSeconds: number };

/** `terminal_session_8080`: two proxies on one host (cookies ignore the port) keep their own. */
export const sessionCookieName = (port: number | undefined) => `terminal_session_${port ?? 0}`;

/**
 * Who may trade through this proxy: whoever opened the link it printed. The link's token is traded
 * once for a session cookie (HttpOnly, SameSite=Strict); sessions are kept, hashed, in their own
 * store, tied to the token. A token generated at start works once; a token fixed by
 * TERMINAL_TOKEN works every time (the operator chose it). Wrong tokens are counted per client
 * address and overall (LoginLimits).
 */
export class Door {
  readonly token: string;
  private readonly reusable: boolean;
  private used = false;
  /** Valid sessions seen, so a request costs no hash and no query. */
  private readonly known = new Map<string, Session>();
  private readonly limits: LoginLimits;
  /** Sessions ended at start because they were made with another token. */
  readonly endedAtStart: number;

  constructor(
    private readonly store: SessionStore,
    fixedToken: string | undefined,
    private readonly sessionTtlMs = DEFAULT_SESSION_TTL_MS,
    limits: LoginLimitsOptions = LOGIN_LIMITS,
  ) {
    this.limits = new LoginLimits(limits);
    this.token = fixedToken ?? randomBytes(24).toString('base64url');
    this.reusable = fixedToken !== undefined;
    this.endedAtStart = store.bindToken(this.token);
  }

  get sessionMaxAgeSeconds(): number {
    return Math.floor(this.sessionTtlMs / 1000);
  }

  /** A new session for the right token; `client` (its address) is limited in wrong tries. */
  exchange(token: string, client: string, now = Date.now()): Exchange {
    const wait = this.limits.wait(client, now);
    if (wait > 0) return { kind: 'limited', retryAfterSeconds: wait };
    const given = Buffer.from(hash(token));
    const expected = Buffer.from(hash(this.token));
    if (!timingSafeEqual(given, expected) || (this.used && !this.reusable)) {
      return { kind: 'refused', failures: this.limits.fail(client, now) };
    }
    this.used = true;
    this.limits.succeeded(client);
    const id = randomBytes(32).toString('base64url');
    this.store.save(hash(id), now, now + this.sessionTtlMs);
    // Saving may have trimmed the oldest sessions: forget what was remembered of them.
    this.known.clear();
    return { kind: 'session', id };
  }

  /** The session of a cookie value, if it is one and has not expired. */
  session(id: string | undefined, now = Date.now()): Session | undefined {
    if (!id || !SESSION_ID.test(id)) return undefined;
    const known = this.lookup(id);
    return known !== undefined && known.expiresAt > now ? known : undefined;
  }

  /** Logs one session out. */
  end(id: string): void {
    this.store.remove(hash(id));
    this.known.delete(id);
  }

  /** Logs every session out, this one included. Returns how many there were. */
  endAll(): number {
    this.known.clear();
    return this.store.removeAll();
  }

  private lookup(id: string): Session | undefined {
    const known = this.known.get(id);
    if (known) return known;
    const hashed = hash(id);
    const expiresAt = this.store.expiry(hashed);
    if (expiresAt === undefined) return undefined;
    if (this.known.size >= MAX_KNOWN_SESSIONS) this.known.clear();
    const entry = { expiresAt, key: hashed.slice(0, 32) };
    this.known.set(id, entry);
    return entry;
  }
}
