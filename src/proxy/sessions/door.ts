import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { IMPLICIT_PERSON, type Person } from '../../interface';
import { personOf, type PeopleStore } from '../desk/people';
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
  /** Whose it is: a desk's user, or the implicit admin-trader of a token session. */
  person: Person;
}

export type Exchange =
  | { kind: 'session'; id: string; person: Person }
  | { kind: 'refused'; failures: number }
  /** The terminal token, on a proxy that has users: it no longer signs in. */
  | { kind: 'desk' }
  | { kind: 'limited'; retryAfterSeconds: number };

/** What the door reads of the desk's people: whether there are any, who, and their links. */
export type PeopleDirectory = Pick<PeopleStore, 'hasUsers' | 'user' | 'spendLink'>;

/** The 401 of a token session once the proxy has users. */
export const DESK_NOW = 'this proxy is a desk now: sign in with your own link';

interface Known {
  key: string;
  expiresAt: number;
  user: string | null;
  hasUsers?: boolean;
}

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
   * Valid token sessions seen, so a request costs no hash and no query. Only for a store this
   * proxy owns: with a shared one, a sign-out on another proxy must end the session here at once.
   * A user's sessions are never remembered: the desk command (another process) ends them in the
   * store when it disables or removes the user, and the next request must find them gone.
   */
  private readonly known = new Map<string, Known>();
  private readonly limits: LoginLimits;
  /** Sessions ended at start because they were made with another token. */
  readonly endedAtStart: number;

  /** A door over `store`, tied to the token (a fixed one, or one generated now). */
  static async open(
    store: SessionStore,
    fixedToken: string | undefined,
    sessionTtlMs = DEFAULT_SESSION_TTL_MS,
    limits: LoginLimitsOptions = LOGIN_LIMITS,
    people: PeopleDirectory | null = null,
  ): Promise<Door> {
    const token = fixedToken ?? randomBytes(24).toString('base64url');
    const ended = await store.bindToken(token);
    return new Door(store, token, fixedToken !== undefined, ended, sessionTtlMs, limits, people);
  }

  private constructor(
    private readonly store: SessionStore,
    token: string,
    reusable: boolean,
    endedAtStart: number,
    private readonly sessionTtlMs: number,
    limits: LoginLimitsOptions,
    private readonly people: PeopleDirectory | null,
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

  /** Whether the proxy has users now (the desk command may add the first while it runs). */
  async isDesk(): Promise<boolean> {
    return this.people !== null && (await this.people.hasUsers());
  }

  /**
   * A new session for the terminal token (single-token mode) or a user's one-time link; `client`
   * (its address) is limited in wrong tries, links and token alike.
   */
  async exchange(token: string, client: string, now = Date.now()): Promise<Exchange> {
    const wait = this.limits.wait(client, now);
    if (wait > 0) return { kind: 'limited', retryAfterSeconds: wait };
    const given = Buffer.from(hash(token));
    if (timingSafeEqual(given, Buffer.from(hash(this.token)))) return this.exchangeTerminalToken(client, now);
    const name = this.people && (await this.people.spendLink(hash(token), now));
    const user = name ? await this.people!.user(name) : undefined;
    if (!user || user.disabled) return { kind: 'refused', failures: this.limits.fail(client, now) };
    const id = await this.keep(now, user.name);
    this.limits.succeeded(client);
    return { kind: 'session', id, person: personOf(user) };
  }

  private async exchangeTerminalToken(client: string, now: number): Promise<Exchange> {
    if (await this.isDesk()) return { kind: 'desk' };
    if (this.used && !this.reusable) return { kind: 'refused', failures: this.limits.fail(client, now) };
    // Used before the next await: two requests with a one-time token cannot both get in.
    this.used = true;
    let id: string;
    try {
      id = await this.keep(now, null);
    } catch (error) {
      // Not kept (the database is away): the link works again once it is back.
      if (!this.reusable) this.used = false;
      throw error;
    }
    this.limits.succeeded(client);
    return { kind: 'session', id, person: IMPLICIT_PERSON };
  }

  private async keep(now: number, user: string | null): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    await this.store.save(hash(id), now, now + this.sessionTtlMs, user);
    // Saving may have trimmed the oldest sessions: forget what was remembered of them.
    this.known.clear();
    return id;
  }

  /** The session of a cookie value, if it is one and has not expired (and its user may still come in). */
  async session(id: string | undefined, now = Date.now()): Promise<Session | undefined> {
    const found = await this.visit(id, now);
    return found && 'person' in found ? found : undefined;
  }

  /**
   * As session(), and why a live session is refused: a token session once the proxy has users.
   * A user's session whose user is disabled or gone is no session (looked up at every request).
   */
  async visit(id: string | undefined, now = Date.now()): Promise<Session | { refused: string } | undefined> {
    if (!id || !SESSION_ID.test(id)) return undefined;
    const known = await this.lookup(id);
    if (known === undefined || known.expiresAt <= now) return undefined;
    const { key, expiresAt } = known;
    if (known.user === null) {
      // Read with the session on a desk's database; else asked now (the desk command may add the first user).
      const desk = known.hasUsers === undefined ? await this.isDesk() : this.people !== null && known.hasUsers;
      return desk ? { refused: DESK_NOW } : { key, expiresAt, person: IMPLICIT_PERSON };
    }
    const user = this.people ? await this.people.user(known.user) : undefined;
    return user && !user.disabled ? { key, expiresAt, person: personOf(user) } : undefined;
  }

  /** Logs one session out. */
  async end(id: string): Promise<void> {
    this.known.delete(id);
    await this.store.remove(hash(id));
  }

  /** Logs every session of one user out (signing out everywhere, or disabled). Returns how many there were. */
  async endUser(name: string): Promise<number> {
    this.known.clear();
    return this.store.removeUser(name);
  }

  /** Logs every session out, this one included. Returns how many there were. */
  async endAll(): Promise<number> {
    this.known.clear();
    const ended = await this.store.removeAll();
    // A lookup that was waiting on the store may have remembered a session just ended.
    this.known.clear();
    return ended;
  }

  private async lookup(id: string): Promise<Known | undefined> {
    const known = this.known.get(id);
    if (known) return known;
    const hashed = hash(id);
    const stored = await this.store.find(hashed);
    if (stored === undefined) return undefined;
    const entry = { ...stored, key: hashed.slice(0, 32) };
    if (this.store.shared || entry.user !== null) return entry;
    if (this.known.size >= MAX_KNOWN_SESSIONS) this.known.clear();
    this.known.set(id, entry);
    return entry;
  }
}
