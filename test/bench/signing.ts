/**
 * Section 3: signatures per second through the proxy's signer (builds the signing message from the
 * request, signs, base64url-encodes) against Node's bare `crypto.sign` on the same key and the
 * same message already in a Buffer, alternating in one process.
 */
import { createPrivateKey, sign } from 'node:crypto';
import { signingMessage } from '@/interface';
import { parseSecret } from '@/interface/keys';
import { createSigner } from '@/proxy';
import { createAccountCredentials } from '@/service';
import { progress } from './progress';
import { alternate, median } from './stats';
import { atLeast, Figures } from './table';

export interface SigningOptions {
  rounds: number;
  /** Length of one timed loop. */
  roundMs: number;
}

/** PKCS#8 DER header of an Ed25519 private key; the 32-byte seed follows (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** CPU time this process has used, in ms (every thread: the signing and the GC it causes). */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Calls `work` for `ms` of wall time; returns calls per CPU second. CPU time, because on a small
 * shared machine a slice taken by another process is not the signer's, and it would otherwise
 * decide a comparison of a few percent.
 */
function perSecond(ms: number, work: () => number): number {
  let calls = 0;
  let sink = 0;
  const start = performance.now();
  const cpuStart = cpuMs();
  while (performance.now() - start < ms) {
    // Check the clock every 64 calls so reading it costs next to nothing.
    for (let i = 0; i < 64; i++) sink += work();
    calls += 64;
  }
  const cpu = cpuMs() - cpuStart;
  if (sink < 0) console.log(sink); // keeps the results alive
  return (calls * 1000) / cpu;
}

export async function benchSigning(options: SigningOptions) {
  const figures = new Figures('signing');
  const { secret } = createAccountCredentials();
  const signer = createSigner(secret);
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, parseSecret(secret)]),
    format: 'der',
    type: 'pkcs8',
  });
  const body = JSON.stringify({
    orders: Array.from({ length: 10 }, (_, index) => ({
      symbol: 'PERP_BTC_USDC',
      order_type: 'LIMIT',
      side: 'BUY',
      order_price: 100_000 - index,
      order_quantity: 0.01,
    })),
  });
  const request = { timestamp: 1_700_000_000_000, method: 'POST', path: '/v1/batch-order', body };
  const message = Buffer.from(signingMessage(request), 'utf8');
  // The two must agree, or the comparison means nothing (Ed25519 is deterministic).
  if (signer.sign(request) !== sign(null, message, privateKey).toString('base64url')) {
    throw new Error('the proxy signer and crypto.sign disagree on the same key and message');
  }

  // Both warmed up (JIT, key caches) before anything is counted.
  perSecond(options.roundMs, () => signer.sign(request).length);
  perSecond(options.roundMs, () => sign(null, message, privateKey).length);
  const runs = await alternate(['signer', 'bare'] as const, options.rounds, async (who, round) => {
    const rate =
      who === 'signer'
        ? perSecond(options.roundMs, () => signer.sign(request).length)
        : perSecond(options.roundMs, () => sign(null, message, privateKey).length);
    if (round <= 2 || round === options.rounds) {
      progress(`signing round ${round}, ${who === 'signer' ? 'proxy signer' : 'bare crypto.sign'}: ${rate.toFixed(0)}/s`);
    }
    // Let the event loop breathe between rounds (progress output, GC).
    await new Promise((resolve) => setImmediate(resolve));
    return rate;
  }, { mirror: true });
  const ours = median(runs.signer);
  const bare = median(runs.bare);
  const floor = { value: bare, name: 'bare crypto.sign (Buffer message)' };
  figures.add('proxy signer (message + sign + base64url)', ours, 'sig/CPU s', undefined, floor);
  figures.add(floor.name, floor.value, 'sig/CPU s');
  figures.add('signer / bare', ours / bare, '×', atLeast(0.95));
  return { figures: figures.list, details: runs };
}
