import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Debian Chromium, as the browser tests and the screenshot use it. A missing browser is a
 * failure that says how to install it, never a silent skip.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}. Install Debian's chromium: sudo apt-get update && sudo apt-get install -y chromium (or run .ci/run).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Until every panel is up: the dock (or the phone's tab bar) has replaced the first paint, which
 * arrives after the first prices and moves the panels, and no lazy panel is still loading.
 */
export async function panelsSettled(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('.dock--first, .phone--first, [aria-busy="true"]').length === 0, undefined, { timeout });
}

/**
 * What the page says of a word shown before the rest of the English came (it reads as its id;
 * see i18n.ts): collected from now on, for the test to fail on.
 */
export function watchMissingWords(page: Page): string[] {
  const missing: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Words missing')) missing.push(message.text());
  });
  return missing;
}

/** Pairs of panels whose boxes overlap by more than a pixel. */
export const overlapping = (page: Page) =>
  page.evaluate(() => {
    const boxes = [...document.querySelectorAll<HTMLElement>('.panel-host')]
      .filter((host) => host.isConnected && host.getClientRects().length > 0)
      .map((host) => ({ id: host.dataset.panel ?? '', box: host.getBoundingClientRect() }));
    const pairs: string[] = [];
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (x > 1 && y > 1) pairs.push(`${a.id}/${b.id}`);
      }
    }
    return pairs;
  });
