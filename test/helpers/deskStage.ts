import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { Role } from '@/interface';
import { hashToken, newLinkToken } from '@/proxy/desk/people';
import { SqlitePeople } from '@/proxy/desk/sqlitePeople';
import { startApp, type RunningApp } from './app';
import { launchChromium, panelsSettled, watchMissingWords } from './browser';
import { login, markOf, tempDir, ticketKey } from './stack';

/**
 * A desk with something in each of its panels, made the way people make it: through the proxy's
 * HTTP API, each person with their own session. Approvals: one ticket of three orders waiting, one
 * rejected with a note of 500 characters, one withdrawn, one approved. Limits: seven users and the
 * account, with limits and today's use. Audit: the sign-ins, limit changes and decisions of it all.
 */
export interface DeskStage {
  app: RunningApp;
  browser: Browser;
  /** The id of the approval still waiting, and of the one rejected with the long note. */
  waiting: string;
  rejected: string;
  /** The rejection's note, as rita wrote it. */
  longNote: string;
  /** A risk user of their own (their workspace and settings are theirs), signed in in a new browser context. */
  riskPage(name: string, options?: BrowserContextOptions): Promise<Page>;
  /** What the pages said of words shown before their catalogue came, for the file to fail on. */
  missingWords: string[][];
  close(): Promise<void>;
}

export const TRADER = 'alexandra-montgomery-ii';

/** The rejection's note: words, and one unbroken run of 80 characters, as a pasted reference is. */
const LONG_NOTE = `${'Too large for the desk today; split it in three and send it again after the funding at noon. '.repeat(4)}ref:${'0123456789'.repeat(8)}`.slice(0, 500);

export async function stageDesk(): Promise<DeskStage> {
  const dataDir = tempDir('perp-desk-panels-');
  const app = await startApp({ env: { TERMINAL_TOKEN: 'desk-panels-token-0123456789abcdef' }, dataDir });
  const people = new SqlitePeople(join(dataDir, 'desk.sqlite'));
  const origin = app.url.replace(/\/$/, '');
  const signIn = async (name: string, roles: Role[], accounts: '*' | string[]) => {
    await people.addUser({ name, roles, accounts }, Date.now());
    const token = newLinkToken();
    await people.issueLink(name, hashToken(token), Date.now());
    return token;
  };
  const call = async (cookie: string, method: string, path: string, body?: unknown, key?: string) => {
    const headers: Record<string, string> = { origin, cookie };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key) headers['idempotency-key'] = key;
    const answer = await fetch(origin + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await answer.text();
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
    return JSON.parse(text) as { data: Record<string, unknown> };
  };

  const rita = await login(app.url, await signIn('rita', ['risk'], '*'));
  const trader = await login(app.url, await signIn(TRADER, ['trader'], ['main']));
  // Enough rows that the Desk panel scrolls at 1280×720, whoever else signs in.
  for (const name of ['bob', 'carla', 'dmitri', 'eun-ji']) await signIn(name, ['trader'], ['main']);
  await signIn('ada', ['admin'], '*');
  await call(rita, 'PUT', `/api/desk/limits/user/${TRADER}`, {
    approvalAbove: '1',
    maxOrderNotional: '2500000',
    maxTicketNotional: '5000000',
    maxDayNotional: '12500000',
    maxOpenHeld: 4,
    symbols: ['PERP_BTC_USDC', 'PERP_ETH_USDC', 'PERP_SOL_USDC'],
  });
  await call(rita, 'PUT', '/api/desk/limits/user/bob', { maxDayNotional: '1000', tradingOff: true });
  await call(rita, 'PUT', '/api/desk/limits/account/main', { maxDayNotional: '25000000', maxTicketNotional: '9000000' });

  const btc = await markOf(app.serviceUrl, 'PERP_BTC_USDC');
  const eth = await markOf(app.serviceUrl, 'PERP_ETH_USDC');
  const ticket = async () => {
    const orders = [
      { symbol: 'PERP_BTC_USDC', order_type: 'LIMIT', side: 'BUY', order_price: Math.round(btc * 0.97), order_quantity: 0.5 },
      { symbol: 'PERP_ETH_USDC', order_type: 'LIMIT', side: 'SELL', order_price: Math.round(eth * 103) / 100, order_quantity: 12.5 },
      { symbol: 'PERP_ETH_USDC', order_type: 'MARKET', side: 'BUY', order_quantity: 0.01 },
    ];
    const answer = await call(trader, 'POST', '/v1/batch-order', { orders }, ticketKey());
    return (answer.data.approval as { id: string }).id;
  };
  const approved = await ticket();
  await call(rita, 'POST', `/api/approvals/${approved}/approve`, {});
  const rejected = await ticket();
  await call(rita, 'POST', `/api/approvals/${rejected}/reject`, { note: LONG_NOTE });
  const withdrawn = await ticket();
  await call(trader, 'POST', `/api/approvals/${withdrawn}/withdraw`, {});
  const waiting = await ticket();

  const browser = await launchChromium();
  const missingWords: string[][] = [];
  return {
    app,
    browser,
    waiting,
    rejected,
    longNote: LONG_NOTE,
    missingWords,
    riskPage: async (name, options = {}) => {
      const token = await signIn(name, ['risk'], '*');
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, ...options });
      const page = await context.newPage();
      missingWords.push(watchMissingWords(page));
      await page.goto(`${app.url}?token=${token}`);
      await page.locator('tr[data-symbol="PERP_BTC_USDC"]').first().waitFor({ timeout: 30_000 });
      await panelsSettled(page, 30_000);
      return page;
    },
    close: async () => {
      await browser.close();
      await app.stop();
      people.close();
    },
  };
}
