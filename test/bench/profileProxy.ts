/**
 * `npx tsx test/bench/profileProxy.ts [seconds] [concurrency]`: the proxy section's ticket load
 * against a proxy that writes a CPU profile (node --cpu-prof) into a temp dir when it stops (NOPROF=1:
 * none). For finding where the proxy's time goes; it prints the throughput it saw and the profile's path.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { login } from '../helpers/stack';
import type { ProxyInfo, ServiceInfo } from './server';

const root = resolve(import.meta.dirname, '..', '..');
const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 1);

function start<Info>(role: string, nodeArgs: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'test/bench/server.ts', role], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const info = new Promise<Info>((ok) => createInterface({ input: child.stdout }).once('line', (line) => ok(JSON.parse(line) as Info)));
  return { child, info };
}

const profileDir = mkdtempSync(join(tmpdir(), 'perp-proxy-profile-'));
const service = start<ServiceInfo>('service', []);
const serviceInfo = await service.info;
const proxy = start<ProxyInfo>('proxy', (process.env.NOPROF ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`]), { BENCH_SERVICE: JSON.stringify(serviceInfo) });
const proxyInfo = await proxy.info;
const cookie = await login(`${proxyInfo.proxyUrl}/`, proxyInfo.token);
const rows = ((await (await fetch(`${serviceInfo.serviceUrl}/v1/public/futures`)).json()) as { data: { rows: { symbol: string; mark_price: number }[] } }).data.rows;
const body = JSON.stringify({
  orders: rows.slice(0, 10).map((row) => ({ symbol: row.symbol, order_type: 'LIMIT', side: 'BUY', order_price: row.mark_price, order_quantity: 1 })),
});
const headers = { 'content-type': 'application/json', origin: proxyInfo.proxyUrl, cookie };
let key = 0;
/** CPU time the proxy process has used (user + system, every thread), in ms: steadier than req/s on a shared machine. */
const proxyCpuMs = () => {
  const fields = readFileSync(`/proc/${proxy.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};
const cpuBefore = proxyCpuMs();
const result = await autocannon({
  url: `${proxyInfo.proxyUrl}/v1/batch-order`,
  connections,
  duration: seconds,
  requests: [
    {
      method: 'POST',
      path: '/v1/batch-order',
      body,
      headers,
      setupRequest: (request) => ({ ...request, headers: { ...headers, 'idempotency-key': `profile-${process.pid}-${++key}` } }),
    },
  ],
});
const cpuPerTicket = (proxyCpuMs() - cpuBefore) / result['2xx'];
console.log(
  `c=${connections}: ${(result['2xx'] / result.duration).toFixed(0)} req/s, p50 ${result.latency.p50} ms, ` +
    `proxy CPU ${cpuPerTicket.toFixed(3)} ms per ticket, non-2xx ${result.non2xx}`,
);
const exited = new Promise((ok) => proxy.child.once('exit', ok));
proxy.child.kill('SIGTERM');
await exited;
service.child.kill('SIGTERM');
if (!process.env.NOPROF) console.log(`profile in ${profileDir}`);
