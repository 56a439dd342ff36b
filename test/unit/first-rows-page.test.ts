import { createHash } from 'node:crypto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { futuresQueryOptions, marketsFeedOf } from '@/terminal/features/markets';
import { inlineScriptHashes, withScriptHashes } from '@/proxy/http/inlineScripts';
import { FIRST_FUTURES_MAX_AGE_MS } from '@/terminal/shared/firstRows/handOver';
import { futuresRows } from '../fixtures/markets';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const CSP = "default-src 'self';script-src 'self';style-src 'self';object-src 'none'";

describe("the page's inline script is allowed by its hash, and nothing else is", () => {
  it('hashes each inline script as written, never one loaded from a file', () => {
    const html = '<head><script>let a = 1;</script><script data-x="y">b()</script><script type="module" src="/assets/x.js"></script></head>';
    expect(inlineScriptHashes(html)).toEqual([sha('let a = 1;'), sha('b()')]);
    expect(inlineScriptHashes('<script type="module" crossorigin src="/a.js"></script>')).toEqual([]);
  });

  it('adds the hashes to script-src only; a page without inline script keeps the CSP as it is', () => {
    expect(withScriptHashes(CSP, ["'sha256-abc'"])).toBe("default-src 'self';script-src 'self' 'sha256-abc';style-src 'self';object-src 'none'");
    expect(withScriptHashes(CSP, [])).toBe(CSP);
    expect(() => withScriptHashes("default-src 'self'", ["'sha256-abc'"])).toThrow(/script-src/);
  });
});

/** The first-rows script's hand-over, as the page would hold it. */
function handOver(body: unknown, startedAt = Date.now()) {
  vi.stubGlobal('window', { __firstFutures: { startedAt, body: Promise.resolve(body) } });
}

const answer = (rows: unknown[]) => ({ success: true, data: { rows }, timestamp: 1 });
const poll = (client: QueryClient) => client.fetchQuery({ ...futuresQueryOptions(marketsFeedOf(client), 1000), staleTime: 0 });

describe("the terminal's first poll takes the first-rows script's answer", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('without asking again, once: the next poll asks the proxy', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(answer(futuresRows(2))), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    handOver(answer(futuresRows(3)));
    const client = new QueryClient();
    expect((await poll(client)).rows).toHaveLength(3);
    expect(fetch).not.toHaveBeenCalled();
    expect((await poll(client)).rows).toHaveLength(2);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('checked against the same schema as any answer: a wrong one is an error, not rows', async () => {
    vi.stubGlobal('fetch', vi.fn());
    handOver(answer([{ symbol: 'PERP_BTC_USDC', mark_price: 'a lot' }]));
    await expect(poll(new QueryClient())).rejects.toThrow(/unexpected data/);
  });

  it('not when it is old, nor when its fetch failed: then the poll asks for fresh prices', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(answer(futuresRows(2))), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    handOver(answer(futuresRows(3)), Date.now() - FIRST_FUTURES_MAX_AGE_MS - 1);
    expect((await poll(new QueryClient())).rows).toHaveLength(2);
    handOver(undefined);
    expect((await poll(new QueryClient())).rows).toHaveLength(2);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
