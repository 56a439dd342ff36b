/**
 * `npm start`: the terminal, its signing proxy and (unless SERVICE_BASE_URL is set) the embedded
 * service. `npm run service`: the embedded service alone, for bots and other clients.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { appRoot as root } from './proxy/appRoot';
import { LOOPBACK_ADDRESS, readProxyEnv, startProxy, StartupError, type ProxyEnv, type ServiceAccount } from './proxy';
import { loadOrCreateDemoAccount, startService, type RunningService } from './service';
import { ensureTerminalBuilt } from './terminalBuild';

/**
 * DATA_DIR holds the demo account's secret, the journal and the sessions: it is the user's alone
 * (0700), whichever command starts first, and narrowed to that when it already exists.
 */
function preparePrivateDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}

function serviceOptions() {
  const seed = process.env.SIM_SEED ? Number(process.env.SIM_SEED) : Date.now() % 2 ** 31;
  const count = process.env.SIM_INSTRUMENTS ? Number(process.env.SIM_INSTRUMENTS) : undefined;
  if (!Number.isInteger(seed)) throw new StartupError('SIM_SEED must be an integer');
  if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > 10_000)) {
    throw new StartupError('SIM_INSTRUMENTS must be an integer from 1 to 10000');
  }
  return { seed, instrumentCount: count };
}

/** The second demo account of the embedded service, so a newcomer sees two accounts (issue 30). */
const DEMO_SECOND_ACCOUNT = 'hedge';

/**
 * The embedded service with its demo accounts: the first (`main`), and a second one (`hedge`)
 * unless ACCOUNTS_FILE lists the accounts; those of the file are registered with it too.
 */
async function embeddedService(env: ProxyEnv, host: string, port: number) {
  const accountFile = join(env.dataDir, 'demo-account.json');
  const { account, created } = await loadOrCreateDemoAccount(accountFile);
  const service = await startService({ host, port, ...serviceOptions() });
  service.accounts.register(account.accountId, account.key);
  const more: ServiceAccount[] = env.accounts.length > 0 ? env.accounts : [
    { name: DEMO_SECOND_ACCOUNT, ...(await loadOrCreateDemoAccount(join(env.dataDir, `demo-account-${DEMO_SECOND_ACCOUNT}.json`))).account },
  ];
  for (const other of more) service.accounts.register(other.accountId, other.key);
  return { service, account: { name: env.accountName, ...account }, more, accountFile, created };
}

async function runService(env: ProxyEnv): Promise<void> {
  const { service, accountFile, created } = await embeddedService(env, env.host, env.port);
  console.log(`Embedded service: ${service.url}`);
  console.log(`Demo account:     ${accountFile}${created ? ' (created)' : ''}`);
  onShutdown(() => service.close());
}

async function runTerminal(env: ProxyEnv): Promise<void> {
  await ensureTerminalBuilt(root, (line) => console.log(line));
  let service: RunningService | undefined;
  let account: ServiceAccount;
  let accounts = env.accounts;
  let serviceBaseUrl: string;
  let accountNote = '';
  if (env.serviceBaseUrl && env.account) {
    serviceBaseUrl = env.serviceBaseUrl;
    account = env.account;
  } else {
    const embedded = await embeddedService(env, '127.0.0.1', 0);
    service = embedded.service;
    account = embedded.account;
    accounts = embedded.more;
    serviceBaseUrl = service.url;
    accountNote = `${embedded.accountFile}${embedded.created ? ' (created)' : ''}`;
  }
  const proxy = await startProxy({
    serviceBaseUrl,
    embedded: service !== undefined,
    account,
    accounts,
    journalPath: env.journalPath,
    databaseUrl: env.databaseUrl,
    // The simulator's past fills a new tape; a real service's tape starts empty.
    tapeBackfill: service?.pastMinutes,
    distDir: join(root, 'dist'),
    host: env.host,
    port: env.port,
    terminalToken: env.terminalToken,
    serviceTimeoutMs: env.serviceTimeoutMs,
    allowedHosts: env.allowedHosts,
    ...env.limits,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  });
  console.log('');
  console.log(`  Terminal:  ${proxy.loginUrl}`);
  console.log(`  Service:   ${serviceBaseUrl}${service ? ' (embedded, simulated markets)' : ''}`);
  if (accountNote) console.log(`  Account:   ${accountNote}`);
  console.log(`  Accounts:  ${proxy.app.accountBook.names.join(', ')} (a ticket names one in the x-account header; none: the first)`);
  console.log(`  Journal:   ${proxy.app.postgres ? `${proxy.app.postgres.target} (a desk: the proxy holding the lease sends)` : env.journalPath}`);
  console.log(`  Tape:      ${join(dirname(env.journalPath), 'tape.sqlite')} (kept ${env.limits.tapeRetentionDays || 'all'} days)`);
  if (!LOOPBACK_ADDRESS.test(env.host)) {
    console.log(`  Warning:   listening on ${env.host}, beyond loopback: reachable from other machines as ${env.allowedHosts.join(', ')}`);
  }
  if (proxy.recovered > 0) {
    console.log(`  Warning:   ${proxy.recovered} order(s) from the last run have an unknown outcome; see Order history`);
  }
  console.log('');
  console.log(
    env.terminalToken
      ? '  The link works as long as TERMINAL_TOKEN is set to it.'
      : '  The link works once; the browser that opens it stays signed in for 7 days.',
  );
  onShutdown(async () => {
    await proxy.close();
    await service?.close();
  });
}

/**
 * The first SIGINT/SIGTERM stops cleanly: no new ticket, the request at the service finishes, the
 * orders not yet sent are marked failed, then exit. A second one exits at once (the request in
 * flight then reads unknown after a restart).
 */
function onShutdown(close: () => Promise<void>): void {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) {
        console.log('Stopping now.');
        process.exit(130);
      }
      closing = true;
      console.log('Stopping: finishing the request at the service, orders not yet sent are marked failed (signal again to quit at once)…');
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

try {
  const mode = process.argv[2] === 'service' ? 'service' : 'terminal';
  // Takes SERVICE_SECRET out of process.env: the build or any child process inherits nothing of it.
  const env = readProxyEnv(process.env, mode);
  preparePrivateDataDir(env.dataDir);
  await (mode === 'service' ? runService(env) : runTerminal(env));
} catch (error) {
  if (error instanceof StartupError) {
    console.error(`error: ${error.message}`);
  } else {
    console.error(`error: ${(error as Error).message}`);
  }
  process.exit(1);
}
