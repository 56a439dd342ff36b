import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startApp } from '../helpers/app';
import { markOf, postSigned, tempDir } from '../helpers/stack';

describe('npm run service', () => {
  it('starts the embedded service alone, prints its URL and the demo account file, and reuses the account', async () => {
    const dataDir = tempDir();
    const first = await startApp({ args: ['service'], dataDir });
    let accountId: string;
    try {
      const out = first.output();
      const url = /Embedded service:\s+(\S+)/.exec(out)?.[1];
      const file = /Demo account:\s+(\S+) \(created\)/.exec(out)?.[1];
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(file).toBe(join(dataDir, 'demo-account.json'));
      const account = JSON.parse(readFileSync(file!, 'utf8')) as { accountId: string; key: string; secret: string };
      accountId = account.accountId;
      expect(Object.keys(account).sort()).toEqual(['accountId', 'key', 'secret']);
      // A bot can trade against it directly with the demo account.
      const mark = await markOf(url!, 'PERP_SOL_USDC');
      const answer = await postSigned(url!, account, [
        { symbol: 'PERP_SOL_USDC', order_type: 'LIMIT', side: 'BUY', order_price: mark, order_quantity: 1 },
      ]);
      expect(answer.status).toBe(200);
      expect(answer.body.data?.rows[0]?.error_message).toBe('none');
    } finally {
      await first.stop();
    }
    const second = await startApp({ args: ['service'], dataDir });
    try {
      expect(second.output()).toMatch(/Demo account:\s+\S+demo-account\.json\n/);
      expect(second.output()).not.toMatch(/\(created\)/);
      const again = JSON.parse(readFileSync(join(dataDir, 'demo-account.json'), 'utf8')) as { accountId: string };
      expect(again.accountId).toBe(accountId);
    } finally {
      await second.stop();
    }
  });
});

describe('npm start beyond loopback', () => {
  it('refuses HOST=0.0.0.0 without ALLOWED_HOSTS, and with it warns in one line', async () => {
    await expect(startApp({ env: { HOST: '0.0.0.0' } })).rejects.toThrow(
      /error: HOST=0\.0\.0\.0 listens beyond loopback: set ALLOWED_HOSTS/,
    );
    // The other tests start the app from their bundle of src/; this one exactly as `npm start` does.
    const app = await startApp({ env: { HOST: '0.0.0.0', ALLOWED_HOSTS: 'trader.lan' }, viaTsx: true });
    try {
      const warnings = app.output().split('\n').filter((line) => /beyond loopback/.test(line));
      expect(warnings).toEqual(['  Warning:   listening on 0.0.0.0, beyond loopback: reachable from other machines as trader.lan']);
    } finally {
      await app.stop();
    }
  });
});
