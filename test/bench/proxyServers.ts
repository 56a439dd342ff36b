/**
 * The proxy section's machinery: its server processes (see server.ts) and one autocannon run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import type { FastifyHopInfo, HopInfo, ProxyInfo, ServiceInfo } from './server';
import { percentileOfSorted } from './stats';

export interface LoadRun {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers that were not 2xx, and socket errors or timeouts: should be 0. */
  failures: number;
}

const root = resolve(import.meta.dirname, '..', '..');

/** What the server processes said about themselves. */
export type ServerInfo = ServiceInfo & ProxyInfo & HopInfo & FastifyHopInfo;

export async function startChild<Info>(
  role: 'service' | 'proxy' | 'hop' | 'fastifyHop',
  env: Record<string, string> = {},
): Promise<{ info: Info; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/server.ts', role], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const lines = createInterface({ input: child.stdout! });
  const info = await new Promise<Info>((resolvePromise, reject) => {
    child.once('exit', (code) => reject(new Error(`bench ${role} exited with ${code} before starting`)));
    lines.once('line', (line) => resolvePromise(JSON.parse(line) as Info));
  });
  return { info, child };
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null) return resolvePromise();
    child.once('exit', () => resolvePromise());
    child.kill('SIGTERM');
  });
}

export type Request = Pick<autocannon.Request, 'method' | 'path' | 'headers' | 'body'>;

/**
 * One autocannon run. Latencies are taken from each response (float ms): autocannon's own
 * histogram keeps whole milliseconds, too coarse for a 1 ms budget.
 */
export function load(url: string, connections: number, seconds: number, request: Request, setup?: (request: Request) => Request): Promise<LoadRun> {
  return new Promise((resolvePromise, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        // autocannon calls a request's setupRequest whenever the key is present, even if undefined.
        requests: [setup ? { ...request, setupRequest: (base) => ({ ...base, ...setup(base) }) } : request],
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        const seconds = result.duration;
        resolvePromise({
          requestsPerSecond: result['2xx'] / seconds,
          p50: percentileOfSorted(latencies, 50),
          p99: percentileOfSorted(latencies, 99),
          requests: result['2xx'],
          failures: result.non2xx + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

