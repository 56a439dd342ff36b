import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../helpers/app';
import { startStack, type Stack } from '../helpers/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ proxy: { distDir: join(root, 'dist') } });
});
afterAll(() => stack.close());

describe('the proxy serves the built terminal', () => {
  it('serves the page at / whatever the browser accepts, and never caches it', async () => {
    for (const encoding of ['gzip, deflate, br', 'identity']) {
      const response = await fetch(`${stack.origin}/`, { headers: { 'accept-encoding': encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root"></div>');
    }
  });

  it('serves assets precompressed to browsers that accept it, and caches them for good', async () => {
    const html = readFileSync(join(root, 'dist', 'index.html'), 'utf8');
    // The first screen's script (Rolldown's runtime beside it is too small to be worth compressing).
    // Not the first-rows script's own file (first-rows-*.js), which is small too.
    const script = /src="(\/assets\/first-(?!rows-)[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const raw = readFileSync(join(root, 'dist', script!.slice(1)));
    // fetch() would decode the body and hide the encoding; ask for bytes with node:http semantics.
    const response = await fetch(stack.origin + script!, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(Number(response.headers.get('content-length'))).toBeLessThan(raw.length / 2);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await response.arrayBuffer()).equals(raw)).toBe(true);
    const gzip = await fetch(stack.origin + script!, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    await gzip.arrayBuffer();
  });
});
