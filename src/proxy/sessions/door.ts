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

/**
 * `terminal_session_8080`: two proxies on one host (cookies ignore the port) keep their own. A
 * desk's proxies share their sessions, and a load balancer sends one browser to any of them, on
 * whatever port each listens: there the name must be the same everywhere, `terminal_session_desk`.
 */
export const sessionCookieName = (port: number | undefined, desk = false) => (desk ? 'terminal_session_desk' : `terminal_session_${port ?? 0}`);

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
  /**
   * Valid sessions seen, so a request costs no hash and no query. Only for a store this proxy
   * owns: with a shared one, a sign-out on another proxy must end the session here at once.
   */
  private readonly known = new Map<string, Session>();
  private readonly limits: LoginLimits;
  /** Sessions ended at start because they were made with another token. */
  readonly endedAtStart: number;

  /** A door over `store`, tied to the token (a fixed one, or one generated now). */
  static async open(
    store: SessionStore,
    fixedToken: string | undefined,
    sessionTtlMs = DEFAULT_SESSION_TTL_MS,
    limits: LoginLimitsOptions = LOGIN_LIMITS,
  ): Promise<Door> {
    const token = fixedToken ?? randomBytes(24).toString('base64url');
    const ended = await store.bindToken(token);
    return new Door(store, token, fixedToken !== undefined, ended, sessionTtlMs, limits);
  }

  private constructor(
    private readonly store: SessionStore,
    token: string,
    reusable: boolean,
    endedAtStart: number,
    private readonly sessionTtlMs: number,
    limits: LoginLimitsOptions,
  ) {
    this.token = token;
    this.reusable = reusable;
    this.endedAtStart = endedAtStart;
    this.limits = new LoginLimits(limits);
  }

  /** The session cookie's name for a request that came in on `localPort`. */
  cookieName(localPort: number | undefined): string {
    return sessionCookieName(localPort, this.store.shared);
  }

  get sessionMaxAgeSeconds(): number {
    return Math.floor(this.sessionTtlMs / 1000);
  }

  /** A new session for the right token; `client` (its address) is limited in wrong tries. */
  async exchange(token: string, client: string, now = Date.now()): Promise<Exchange> {
    const wait = this.limits.wait(client, now);
    if (wait > 0) return { kind: 'limited', retryAfterSeconds: wait };
    const given = Buffer.from(hash(token));
    const expected = Buffer.from(hash(this.token));
    if (!timingSafeEqual(given, expected) || (this.used && !this.reusable)) {
      return { kind: 'refused', failures: this.limits.fail(client, now) };
    }
    // Used before the first await: two requests with a one-time token cannot both get in.
    this.used = true;
    const id = randomBytes(32).toString('base64url');
    try {
      await this.store.save(hash(id), now, now + this.sessionTtlMs);
    } catch (error) {
      // Not kept (the database is away): the link works again once it is back.
      if (!this.reusable) this.used = false;
      throw error;
    }
    this.limits.succeeded(client);
    // Saving may have trimmed the oldest sessions: forget what was remembered of them.
    this.known.clear();
    return { kind: 'session', id };
  }

  /** The session of a cookie value, if it is one and has not expired. */
  async session(id: string | undefined, now = Date.now()): Promise<Session | undefined> {
    if (!id || !SESSION_ID.test(id)) return undefined;
    const known = await this.lookup(id);
    return known !== undefined && known.expiresAt > now ? known : undefined;
  }

  /** Logs one session out. */
  async end(id: string): Promise<void> {
    this.known.delete(id);
    await this.store.remove(hash(id));
  }

  /** Logs every session out, this one included. Returns how many there were. */
  async endAll(): Promise<number> {
    this.known.clear();
    const ended = await this.store.removeAll();
    // A lookup that was waiting on the store may have remembered a session just ended.
    this.known.clear();
    return ended;
  }

  private async lookup(id: string): Promise<Session | undefined> {
    const known = this.known.get(id);
    if (known) return known;
    const hashed = hash(id);
    const expiresAt = await this.store.expiry(hashed);
    if (expiresAt === undefined) return undefined;
    const entry = { expiresAt, key: hashed.slice(0, 32) };
    if (this.store.shared) return entry;
    if (this.known.size >= MAX_KNOWN_SESSIONS) this.known.clear();
    this.known.set(id, entry);
    return entry;
  }
}
