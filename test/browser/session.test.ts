import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/app';
import { launchChromium } from '../helpers/browser';
import type { Browser } from 'playwright-core';

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  app = await startApp({ env: { TERMINAL_TOKEN: 'session-test-token-0123456789' } });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A browser of its own (its own cookies), signed in with the printed link. */
async function signedIn() {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(app.loginUrl);
  await page.getByText('Trading enabled').waitFor();
  return { context, page, status: (path: string) => page.evaluate((p) => fetch(p).then((r) => r.status), path) };
}

describe('signing out', () => {
  it('locks trading in this browser only, from the keyboard', async () => {
    const here = await signedIn();
    const there = await signedIn();
    // The menu's summary takes the focus (its name is a span inside it, which does not).
    await here.page.locator('summary').filter({ hasText: /^Session$/ }).focus();
    await here.page.keyboard.press('Enter');
    await here.page.getByRole('button', { name: 'Sign out', exact: true }).focus();
    await here.page.keyboard.press('Enter');
    await here.page.getByText('Trading locked').waitFor();
    await here.page.getByText('Trading is locked in this browser.').waitFor();
    expect(await here.status('/api/orders')).toBe(401);
    expect(await there.status('/api/orders')).toBe(200);
    await here.context.close();
    await there.context.close();
  });

  it('everywhere: every browser holding a session is locked', async () => {
    const here = await signedIn();
    const there = await signedIn();
    await here.page.getByText('Session', { exact: true }).click();
    await here.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await here.page.getByText('Trading locked').waitFor();
    expect(await there.status('/api/orders')).toBe(401);
    await there.page.reload();
    await there.page.getByText('Trading locked').waitFor();
    await here.context.close();
    await there.context.close();
  });
});
