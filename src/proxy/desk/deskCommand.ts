/**
 * `npm run desk -- …`: the desk's people and limits from the command line (see USAGE in
 * commands.ts), on the store the proxy uses: the desk's PostgreSQL (DATABASE_URL) or `desk.sqlite`
 * and `sessions.sqlite` in DATA_DIR. Safe while proxies run: they read users, sessions and limits
 * from the store at each request. Bad arguments exit 2 with words naming the argument; other
 * failures exit 1.
 */
import { dirname, join } from 'node:path';
import { readProxyEnv, StartupError, type ProxyEnv } from '../env';
import { migratePostgres, openPostgres, redactUrl, type Postgres } from '../postgres';
import { PostgresSessionStore, SqliteSessionStore, type SessionStore } from '../sessions';
import { runDeskCommand, USAGE, UsageError } from './commands';
import type { DeskLog, LimitsStore } from './limitsStore';
import type { DeskPeople } from './people';
import { PostgresLimitsStore } from './postgresLimits';
import { PostgresPeople } from './postgresPeople';
import { openSqliteLimits } from './sqliteLimits';
import { SqlitePeople } from './sqlitePeople';

/** The terminal's address as the proxy prints it; the first ALLOWED_HOSTS name when there are some. */
export function terminalUrlOf(env: Pick<ProxyEnv, 'host' | 'port' | 'allowedHosts'>): string {
  const listening = env.host === '0.0.0.0' || env.host === '::' ? '127.0.0.1' : env.host;
  const host = env.allowedHosts[0] ?? listening;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${env.port}/`;
}

interface Stores {
  people: DeskPeople;
  sessions: SessionStore;
  limits: LimitsStore;
  close(): Promise<void>;
}

/** A stored limit set that does not read is said on stderr (it reads as trading off). */
const log: DeskLog = { warn: (_fields, message) => console.error(message) };

async function openStores(env: ProxyEnv): Promise<Stores> {
  if (env.databaseUrl) {
    const pg: Postgres = openPostgres(env.databaseUrl, { max: 2 });
    try {
      await migratePostgres(pg);
    } catch (error) {
      await pg.close();
      throw error;
    }
    return {
      people: new PostgresPeople(pg),
      sessions: new PostgresSessionStore(pg, env.limits.maxSessions),
      limits: new PostgresLimitsStore(pg, log),
      close: () => pg.close(),
    };
  }
  const dir = dirname(env.journalPath);
  const people = new SqlitePeople(join(dir, 'desk.sqlite'));
  const sessions = new SqliteSessionStore(join(dir, 'sessions.sqlite'), env.limits.maxSessions);
  const limits = openSqliteLimits(join(dir, 'desk.sqlite'), log);
  return {
    people,
    sessions,
    limits: limits.limits,
    close: async () => {
      await limits.close();
      await people.close();
      await sessions.close();
    },
  };
}

/** Whether a proxy answers its public readiness check at `url` within 1.5 s (ready or not). */
async function proxyAnswers(url: string): Promise<boolean> {
  try {
    const answer = await fetch(new URL('api/health/ready', url), { signal: AbortSignal.timeout(1_500) });
    return answer.status === 200 || answer.status === 503;
  } catch {
    return false;
  }
}

async function main(args: string[]): Promise<number> {
  let env: ProxyEnv;
  try {
    env = readProxyEnv(process.env, 'service');
  } catch (error) {
    if (error instanceof StartupError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  let stores: Stores | undefined;
  try {
    stores = await openStores(env);
    await runDeskCommand(args, { ...stores, terminalUrl: terminalUrlOf(env), answers: proxyAnswers, print: (line) => console.log(line) });
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    const message = (error as Error).message.split('\n')[0] ?? '';
    console.error(env.databaseUrl ? `${redactUrl(env.databaseUrl)}: ${message}` : message);
    return 1;
  } finally {
    await stores?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
