import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/app';
import { launchChromium } from '../helpers/browser';

/**
 * The review's attacker: a page served from another port of 127.0.0.1, open in the trader's own
 * browser. Cookies ignore ports, so what it sets for 127.0.0.1 reaches the terminal too.
 */
let app: RunningApp;
let browser: Browser;
let other: Server;
let otherOrigin: string;
let port: number;
beforeAll(async () => {
  app = await startApp({ env: { TERMINAL_TOKEN: 'door-attacks-token-0123456789' } });
  port = Number(new URL(app.url).port);
  browser = await launchChromium();
  other = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Another page</title>'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  other?.close();
});

async function signedIn(context?: BrowserContext) {
  const own = context ?? (await browser.newContext({ viewport: { width: 1440, height: 900 } }));
  const page = await own.newPage();
  await page.goto(app.loginUrl);
  await page.getByText('Trading enabled').waitFor();
  return { context: own, page, status: (path: string) => page.evaluate((p) => fetch(p).then((r) => r.status), path) };
}

/** The other page, open in `context`, running `attack` in its own origin. */
async function otherPage(context: BrowserContext, attack: (arg: string) => void, arg: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(otherOrigin);
  await page.evaluate(attack, arg);
  return page;
}

describe('a page on another port of 127.0.0.1', () => {
  it('loading the terminal as images many times a second locks nobody out', async () => {
    const context = await browser.newContext();
    const attacker = await otherPage(
      context,
      (target) => {
        let n = 0;
        setInterval(() => {
          new Image().src = `${target}/?n=${++n}`;
          new Image().src = `${target}/?token=guess-${n}-000000000000`;
        }, 40);
      },
      app.url.replace(/\/$/, ''),
    );
    await attacker.waitForTimeout(1500);
    const trader = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await trader.newPage();
    const answer = await page.goto(app.loginUrl);
    expect(answer?.status()).toBe(200);
    await page.getByText('Trading enabled').waitFor();
    expect((await page.reload())?.status()).toBe(200);
    await trader.close();
    await context.close();
  });

  it('planting cookies of our name on longer paths cannot stop "Sign out everywhere"', async () => {
    const here = await signedIn();
    const there = await signedIn();
    await otherPage(
      here.context,
      (name) => {
        for (const path of ['/api/sessions/end-all', '/api/sessions', '/api/', '/api', '/api/session/logout', '/api/tape/candles']) {
          document.cookie = `${name}=${'A'.repeat(43)}; path=${path}`;
        }
      },
      `terminal_session_${port}`,
    );
    // The real cookie and six planted ones, once document.cookie has reached the cookie store.
    await expect.poll(async () => (await here.context.cookies()).filter((cookie) => cookie.name === `terminal_session_${port}`).length).toBe(7);
    await here.page.getByText('Session', { exact: true }).click();
    await here.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await here.page.getByText('Trading locked').waitFor();
    expect(await there.status('/api/orders')).toBe(401);
    await here.context.close();
    await there.context.close();
  });

  it('planting cookies over the header limit gets a page that says what happened and how to clear them', async () => {
    const here = await signedIn();
    await otherPage(
      here.context,
      () => {
        for (let i = 0; i < 5; i++) document.cookie = `junk${i}=${'x'.repeat(4000)}; path=/`;
      },
      '',
    );
    // document.cookie reaches the browser's cookie store a moment later.
    await expect.poll(async () => (await here.context.cookies()).filter((cookie) => cookie.name.startsWith('junk')).length).toBe(5);
    const answer = await here.page.goto(app.url);
    expect(answer?.status()).toBe(431);
    const text = await here.page.locator('body').innerText();
    expect(text).toMatch(/cookies/);
    expect(text).toMatch(/Cookies and site data/);
    await here.context.clearCookies({ name: /^junk/ });
    await here.page.goto(app.url);
    await here.page.getByText('Trading enabled').waitFor();
    await here.context.close();
  });
});
