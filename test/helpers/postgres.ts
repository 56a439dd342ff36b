import { execFile, spawnSync } from 'node:child_process';
import { accessSync, appendFileSync, chownSync, constants, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

/**
 * A real PostgreSQL server for one test file: its own cluster in a temporary directory, on a free
 * loopback port, removed by stop(). No server on the machine is a failure that says what to
 * install, never a skip: the desk's journal is only tested against the real engine.
 */
export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:<port>/<database>, trust auth (only this machine can reach it). */
  url: string;
  port: number;
  /** The temporary directory: the cluster in `data/`, the server's log, its unix socket. */
  dir: string;
  /** Stops the server (fast shutdown) and removes the directory. Safe to call twice. */
  stop(): Promise<void>;
  /** Stops the server (fast shutdown: open connections are ended) and keeps its data: an outage. */
  stopServer(): Promise<void>;
  /** Starts the stopped server again, same data, same port. */
  startServer(): Promise<void>;
}

export const INSTALL_POSTGRES = 'apt-get install postgresql (14 or later)';
const OLDEST_MAJOR = 14;
const SUPERUSER = 'postgres';
const SERVER_PROGRAMS = ['initdb', 'pg_ctl', 'postgres'];
const exec = promisify(execFile);

/** Where the server programs are: Debian's /usr/lib/postgresql/<newest>/bin, else beside an initdb on PATH. */
export function findPostgresBin(places = { libDir: '/usr/lib/postgresql', path: process.env.PATH ?? '' }): string {
  const versions = existsSync(places.libDir)
    ? readdirSync(places.libDir).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a))
    : [];
  const onPath = places.path
    .split(delimiter)
    .filter((dir) => dir !== '' && isExecutable(join(dir, 'initdb')))
    .map((dir) => dirname(realpathSync(join(dir, 'initdb'))));
  const found = [...versions.map((version) => join(places.libDir, version, 'bin')), ...onPath].find((dir) =>
    SERVER_PROGRAMS.every((program) => isExecutable(join(dir, program))),
  );
  if (found === undefined) {
    throw new Error(
      `No PostgreSQL server found (${SERVER_PROGRAMS.join(', ')} in ${places.libDir}/<version>/bin or on PATH). ` +
        `The PostgreSQL tests need a real server: ${INSTALL_POSTGRES}, or run .ci/run.`,
    );
  }
  return found;
}

/** The server's major version; older than 14 is refused (the journal's SQL needs it). */
export async function postgresMajor(bin: string): Promise<number> {
  const { stdout } = await exec(join(bin, 'postgres'), ['--version']);
  const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(stdout)?.[1]);
  if (!Number.isInteger(major)) throw new Error(`Cannot read the version of ${bin}/postgres: "${stdout.trim()}"`);
  if (major < OLDEST_MAJOR) {
    throw new Error(`PostgreSQL ${major} at ${bin} is too old: the tests need ${OLDEST_MAJOR} or later (${INSTALL_POSTGRES}).`);
  }
  return major;
}

export async function startPostgres(options: { database?: string } = {}): Promise<PostgresServer> {
  const database = options.database ?? 'desk';
  checkName(database);
  const bin = findPostgresBin();
  await postgresMajor(bin);
  const owner = await serverOwner();
  const dir = mkdtempSync(join(tmpdir(), 'perp-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const cluster = new Cluster(bin, dir, owner !== null);
  try {
    await cluster.init();
    const port = await cluster.startOnFreePort();
    const url = `postgres://${SUPERUSER}@127.0.0.1:${port}`;
    await createDatabaseAt(`${url}/postgres`, database);
    return {
      url: `${url}/${database}`,
      port,
      dir,
      stop: () => cluster.stop(),
      stopServer: () => cluster.stopServer(),
      startServer: () => cluster.startServer(port),
    };
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    throw error;
  }
}

/** initdb and postgres refuse root: as root, the server runs as Debian's `postgres` system user. */
async function serverOwner(): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number((await exec('id', ['-u', 'postgres'])).stdout);
    const gid = Number((await exec('id', ['-g', 'postgres'])).stdout);
    return { uid, gid };
  } catch (error) {
    throw new Error(
      `Running as root, and there is no "postgres" system user to run the server as (PostgreSQL refuses root). ${INSTALL_POSTGRES} creates it.`,
      { cause: error },
    );
  }
}

class Cluster {
  private readonly dataDir: string;
  private stopping: Promise<void> | undefined;
  private readonly onExit = () => this.stopNow();

  constructor(
    private readonly bin: string,
    private readonly dir: string,
    private readonly asPostgresUser: boolean,
  ) {
    this.dataDir = join(dir, 'data');
  }

  async init(): Promise<void> {
    // --no-sync only spares initdb's own flushes of a throwaway cluster; the server runs with fsync on.
    await this.run('initdb', ['-D', this.dataDir, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
    appendFileSync(
      join(this.dataDir, 'postgresql.conf'),
      `\n# the tests' server\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${this.dir}'\nfsync = on\nsynchronous_commit = on\n`,
    );
  }

  /** A free port can be taken by another process before the server binds it: try a few. */
  async startOnFreePort(): Promise<number> {
    const log = join(this.dir, 'server.log');
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      process.once('exit', this.onExit);
      try {
        await this.run('pg_ctl', ['start', '-D', this.dataDir, '-l', log, '-w', '-t', '60', '-o', `-p ${port}`]);
        return port;
      } catch (error) {
        process.off('exit', this.onExit);
        const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
        if (attempt < 5 && /could not bind|already in use/i.test(text)) continue;
        throw new Error(`${(error as Error).message}\nserver log (${log}):\n${text.slice(-2000)}`, { cause: error });
      }
    }
  }

  async stopServer(): Promise<void> {
    await this.run('pg_ctl', ['stop', '-D', this.dataDir, '-m', 'fast', '-w', '-t', '60']);
  }

  async startServer(port: number): Promise<void> {
    await this.run('pg_ctl', ['start', '-D', this.dataDir, '-l', join(this.dir, 'server.log'), '-w', '-t', '60', '-o', `-p ${port}`]);
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      process.off('exit', this.onExit);
      try {
        if (existsSync(join(this.dataDir, 'postmaster.pid'))) {
          await this.run('pg_ctl', ['stop', '-D', this.dataDir, '-m', 'fast', '-w', '-t', '60']);
        }
      } finally {
        rmSync(this.dir, { recursive: true, force: true });
      }
    })();
    return this.stopping;
  }

  /** A test process that ends without stop() must not leave a server running. */
  private stopNow(): void {
    const [file, args] = this.command('pg_ctl', ['stop', '-D', this.dataDir, '-m', 'immediate', '-w']);
    spawnSync(file, args, { cwd: this.dir, stdio: 'ignore' });
    rmSync(this.dir, { recursive: true, force: true });
  }

  private command(program: string, args: string[]): [string, string[]] {
    const file = join(this.bin, program);
    return this.asPostgresUser ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  }

  private async run(program: string, args: string[]): Promise<void> {
    const [file, argv] = this.command(program, args);
    try {
      // cwd: the server's user may not enter the test's directory.
      await exec(file, argv, { cwd: this.dir, timeout: 120_000 });
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? '';
      const as = this.asPostgresUser ? ' (as the postgres user)' : '';
      throw new Error(`${program} ${args.join(' ')}${as} failed: ${stderr || String(error)}`, { cause: error });
    }
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function checkName(database: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`database: "${database}" is not a plain lower-case name`);
}

/** Another database on a running server, made by its superuser; returns its URL. */
export async function createDatabase(server: Pick<PostgresServer, 'url'>, database: string): Promise<string> {
  checkName(database);
  await createDatabaseAt(server.url.replace(/\/[^/]+$/, '/postgres'), database);
  return server.url.replace(/\/[^/]+$/, `/${database}`);
}

async function createDatabaseAt(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // The name is checked to be a plain identifier above; CREATE DATABASE takes no parameters.
    await client.query(`CREATE DATABASE ${database}`);
  } finally {
    await client.end();
  }
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
