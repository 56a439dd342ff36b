import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { childCompileCache, serverBundle } from './serverBundle';

export const root = resolve(import.meta.dirname, '..', '..');

export interface RunningApp {
  /** The terminal's URL (no token). */
  url: string;
  /** The URL with the login token. */
  loginUrl: string;
  serviceUrl: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the real app (`src/main.ts`, as `npm start` does) in a child process on a free port, with
 * its own data directory, and resolves once it printed the terminal's URL. It runs from the
 * tests' bundle of the same sources (see serverBundle.ts); `viaTsx` runs it exactly as `npm start`.
 */
export async function startApp(
  options: { env?: Record<string, string>; dataDir?: string; args?: string[]; viaTsx?: boolean } = {},
): Promise<RunningApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'perp-app-'));
  const entry = options.viaTsx ? ['--import', 'tsx', 'src/main.ts'] : [serverBundle('app')];
  const child = spawn(process.execPath, [...entry, ...(options.args ?? [])], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SIM_SEED: '7',
      ...childCompileCache,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const started = await new Promise<{ loginUrl: string; serviceUrl: string }>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start in 60 s:\n${output}`)), 60_000);
    const check = () => {
      // The banner ends with the line about the link; everything above it is printed by then.
      const done = /The link works/.test(output);
      const login = done ? /Terminal:\s+(\S+)/.exec(output) : null;
      const service = /Service:\s+(\S+)/.exec(output);
      const embeddedOnly = /Embedded service:\s+(\S+)\n.*Demo account:.*\n/s.exec(output);
      if (login?.[1] && service?.[1]) {
        clearTimeout(timer);
        resolvePromise({ loginUrl: login[1], serviceUrl: service[1] });
      } else if (embeddedOnly?.[1]) {
        clearTimeout(timer);
        resolvePromise({ loginUrl: embeddedOnly[1], serviceUrl: embeddedOnly[1] });
      }
    };
    child.stdout.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited with ${code} before starting:\n${output}`));
    });
  });
  const url = started.loginUrl.split('?')[0] ?? started.loginUrl;
  return {
    url,
    loginUrl: started.loginUrl,
    serviceUrl: started.serviceUrl,
    dataDir,
    process: child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolvePromise) => {
        if (child.exitCode !== null) return resolvePromise();
        child.once('exit', () => resolvePromise());
        child.kill('SIGTERM');
      }),
  };
}
