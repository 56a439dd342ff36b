import { createHash } from 'node:crypto';
import pg from 'pg';
import { classifyFailure, DatabaseUnavailableError, redactUrl, scrubber } from './failures';

export { DatabaseUnavailableError, redactUrl } from './failures';


/*
 * Every statement is a named prepared statement whose plan is kept: by default the server plans it
 * again at each run while it believes a custom plan is cheaper, which for a ticket's statements
 * (the answer's CTE over unnested arrays, the ticket's insert) took longer than running them, on
 * every ticket. Their plans do not depend on the values: the same indexes serve every ticket.
 */
// Added to the server options the environment gives (PGOPTIONS), which setting `options` would drop.
const GENERIC_PLANS = [process.env.PGOPTIONS, '-c plan_cache_mode=force_generic_plan'].filter(Boolean).join(' ');

/** What the pool logs: pino's shape (Fastify's `app.log` fits). */
export interface PostgresLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export interface PostgresOptions {
  /** Connections in the pool at most (default 20: 32 tickets at once keep about that many busy). */
  max?: number;
  log?: PostgresLog;
  /** How long opening a connection may take (default 5 s). */
  connectTimeoutMs?: number;
  /** How long one statement may run on the server (default 15 s). */
  statementTimeoutMs?: number;
  /**
   * How long a transaction may sit between its statements before the server ends it (default 60 s).
   * A proxy frozen inside a transaction (a pause, a swap storm) holds its row locks meanwhile, and
   * the proxy that took its lease over waits on them: a desk sets this near the lease's ttl.
   */
  idleInTransactionMs?: number;
}

/** The part of a connection a transaction's work uses: parametrised queries only. */
export interface PostgresClient {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: readonly unknown[]): Promise<pg.QueryResult<R>>;
}

const INT8 = 20;

/**
 * A statement's name, from its text: a named statement is parsed and planned once per connection,
 * not at every call (the journal's statements are few and run for every ticket).
 */
const names = new Map<string, string>();
const MAX_NAMED = 500;
function statementName(text: string): string | undefined {
  let name = names.get(text);
  // Texts built per call (rows of a multi-row insert) stay unnamed past the first few hundred.
  if (name === undefined && names.size < MAX_NAMED) {
    name = `s${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}
const NUMERIC = 1700;

/**
 * int8 (count(*), bigint columns) and numeric arrive as strings by default, for precision beyond
 * 2^53. What this proxy stores there — ms timestamps, row ids, the service's order ids — fits in a
 * JS number exactly, and the SQLite journal hands them out as numbers: the PostgreSQL adapter must
 * too. Per pool, not pg's global parser, so no other user of `pg` in the process is changed.
 */
function numberTypes(): pg.CustomTypesConfig {
  const types = new pg.TypeOverrides();
  types.setTypeParser(INT8, 'text', (text: string) => Number(text));
  types.setTypeParser(NUMERIC, 'text', (text: string) => Number(text));
  return types;
}

/**
 * The desk's database: a pool of connections, with every connection failure turned into
 * `DatabaseUnavailableError` ("the journal is unavailable: …") and an outage logged twice: once when
 * it starts, once when a query succeeds again — never per request. The URL's password appears in
 * no log line and no error this object throws.
 */
export class Postgres {
  /** The URL with its password replaced by `***`: safe to log and to show. */
  readonly target: string;
  private readonly pool: pg.Pool;
  private readonly soonPool: pg.Pool;
  private readonly scrub: (text: string) => string;
  private since: number | null = null;

  constructor(
    url: string,
    private readonly options: PostgresOptions = {},
  ) {
    this.target = redactUrl(url);
    this.scrub = scrubber(url);
    checkUrl(url, this.target);
    this.pool = new pg.Pool(this.poolConfig(url, options.max ?? 20));
    // Writes that need not wait for the disk (an answer: lost to a crash of the server, its order
    // reads as unknown, never as placed twice) go through connections that do not wait for it.
    this.soonPool = new pg.Pool({ ...this.poolConfig(url, 4), options: `${GENERIC_PLANS} -c synchronous_commit=off` });
    this.soonPool.on('error', () => undefined);
    // An idle connection that breaks (the server restarted, a firewall dropped it) is emitted here;
    // unheard, it would crash the process. The pool has already discarded it and opens another on
    // the next query, which is where an outage is noticed and logged.
    this.pool.on('error', () => undefined);
  }

  private poolConfig(url: string, max: number): pg.PoolConfig {
    const options = this.options;
    const statementTimeoutMs = options.statementTimeoutMs ?? 15_000;
    return {
      connectionString: url,
      max,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      statement_timeout: statementTimeoutMs,
      // statement_timeout is the server's: a server cut off by the network never sends it. The
      // client's own limit, a little later, ends such a query instead of leaving it hanging.
      query_timeout: statementTimeoutMs + 5000,
      // A transaction a crashed or frozen caller left open would hold its locks for ever.
      idle_in_transaction_session_timeout: options.idleInTransactionMs ?? 60_000,
      keepAlive: true,
      application_name: 'perp-terminal proxy',
      options: GENERIC_PLANS,
      types: numberTypes(),
    };
  }

  /** False from the first connection failure until a query succeeds again. */
  get available(): boolean {
    return this.since === null;
  }

  /** When the current outage began (ms), or null. */
  get outageSince(): number | null {
    return this.since;
  }

  /**
   * `planEach`: planned again at every run instead of kept. For a statement that joins the tables
   * to a group's unnested arrays: its plan depends on the tables' size, and a plan a connection made
   * when they were small (a scan of the whole table) would be kept as they grow.
   */
  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: readonly unknown[] = [], planEach = false): Promise<pg.QueryResult<R>> {
    try {
      const result = await this.pool.query<R>({ name: planEach ? undefined : statementName(text), text, values: params as unknown[] });
      this.reached();
      return result;
    } catch (error) {
      throw this.failed(error);
    }
  }

  /**
   * `work` in one transaction on one connection: committed when it returns, rolled back when it
   * throws; the connection goes back to the pool either way (discarded when it broke). A COMMIT
   * whose answer is lost with the connection may or may not have committed: the error says the
   * journal is unavailable, and whoever retries must find out (ids make that safe).
   */
  async transaction<T>(work: (client: PostgresClient) => Promise<T>): Promise<T> {
    let connection: pg.PoolClient;
    try {
      connection = await this.pool.connect();
    } catch (error) {
      throw this.failed(error);
    }
    let broken = false;
    // A checked-out connection's own failure (the server ended it: restarted, or the transaction sat
    // idle too long) is emitted on it, not on the pool: unheard, it would crash the process. The
    // next statement then fails, and the connection is discarded below.
    const onError = () => {
      broken = true;
    };
    connection.on('error', onError);
    try {
      await connection.query('BEGIN');
      const result = await work(connection);
      await connection.query('COMMIT');
      this.reached();
      return result;
    } catch (error) {
      try {
        await connection.query('ROLLBACK');
      } catch {
        broken = true;
      }
      const failure = this.failed(error);
      if (failure instanceof DatabaseUnavailableError) broken = true;
      throw failure;
    } finally {
      connection.off('error', onError);
      // release(true) destroys a connection that failed rather than hand it to the next caller.
      connection.release(broken);
    }
  }

  /**
   * One statement committed without waiting for the server's disk (`synchronous_commit = off`):
   * visible at once, durable within the server's WAL writer delay. For what the journal also
   * writes without a flush on SQLite: an answer, after its request was durably marked sent.
   */
  async writeSoon<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: readonly unknown[] = [], planEach = false): Promise<pg.QueryResult<R>> {
    try {
      const result = await this.soonPool.query<R>({ name: planEach ? undefined : statementName(text), text, values: params as unknown[] });
      this.reached();
      return result;
    } catch (error) {
      throw this.failed(error);
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.end(), this.soonPool.end()]);
  }

  private reached(): void {
    if (this.since === null) return;
    this.options.log?.info({ database: this.target, downForMs: Date.now() - this.since }, 'the database is available again');
    this.since = null;
  }

  /** The error to throw for `error`: unavailable for a connection failure, else the same error scrubbed. */
  private failed(error: unknown): Error {
    const reason = classifyFailure(error);
    if (reason === undefined) {
      // The server answered (a constraint, a syntax error): it is reachable.
      this.reached();
      if (error instanceof Error) {
        error.message = this.scrub(error.message);
        if (error.stack) error.stack = this.scrub(error.stack);
        return error;
      }
      return new Error(this.scrub(String(error)));
    }
    if (this.since === null) {
      this.since = Date.now();
      this.options.log?.warn({ database: this.target, reason }, 'the database is unavailable: tickets and logins wait for it');
    }
    return new DatabaseUnavailableError(this.scrub(reason));
  }
}

/** Refused here, not in pg: Node's URL error carries the whole URL (`input`), password and all. */
function checkUrl(url: string, target: string): void {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error(`the database URL is not a URL: ${target}`);
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw new Error(`the database URL must start with postgres:// or postgresql://, not ${protocol}//`);
  }
}

/** Opens a pool for `url` (postgres:// or postgresql://); no connection is made until the first query. */
export function openPostgres(url: string, options: PostgresOptions = {}): Postgres {
  return new Postgres(url, options);
}
