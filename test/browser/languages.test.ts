import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/app';
import { launchChromium, overlapping, panelsSettled, watchMissingWords } from '../helpers/browser';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp({ env: { TERMINAL_TOKEN: 'languages-token-0123456789abcdef' } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The palette opened and the language typed into it, its option highlighted (Enter would choose it). */
async function paletteOn(page: Page, query: string, option: RegExp): Promise<void> {
  await page.keyboard.press('Control+K');
  await page.locator('[cmdk-input]').fill(query);
  await page.getByRole('option', { name: option }).waitFor();
}

/**
 * The terminal in a browser whose language is `locale`, with every page error kept (a word shown
 * before its catalogue came is one), and every part of a catalogue it fetched (assets/words-<part>-<locale>.js,
 * see vite.config.ts) with its text.
 */
interface Fetched {
  url: string;
  locale: string;
  text: Promise<string>;
}

const PART = /\/assets\/words-[0-9a-f]+-([A-Za-z-]+)\.js$/;

async function openIn(locale: string, width = 1440, height = 900): Promise<{ page: Page; errors: string[]; catalogues: Fetched[] }> {
  const context = await browser.newContext({ locale, viewport: { width, height }, hasTouch: width < 768 });
  const page = await context.newPage();
  const errors = watchMissingWords(page);
  const catalogues: Fetched[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    // A body can be gone once the page navigates (the pseudo-locale test does): kept as a failure
    // to read, which the test that reads it would see, and no unhandled rejection otherwise.
    const part = PART.exec(response.url());
    if (part) catalogues.push({ url: response.url(), locale: part[1]!, text: response.text().catch((error: unknown) => `unreadable: ${String(error)}`) });
  });
  await page.goto(app.loginUrl);
  await page.locator('tr[data-symbol="PERP_BTC_USDC"]').first().waitFor();
  return { page, errors, catalogues };
}

const root = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

/** Words of three letters or more on screen (text, labels, titles, placeholders) in no catalogue and not from the service. */
const englishLeft = (page: Page) =>
  page.evaluate(async () => {
        // The service's own words are shown as it sent them: the config's titles and fields, the symbols.
        const allowed = new Set<string>(['Perp', 'Terminal', 'TradingView', 'Charting', 'Ctrl', 'Alt', 'Shift', 'Enter', 'Esc', 'Escape', 'Tab', 'Cmd', 'USD', 'CSV', 'JSON']);
        // The chart library's licence notice (the attribution link's title) is quoted as its licence words it.
        for (const word of ['Lightweight', 'Charts', 'Copyright', 'Inc', 'Apache']) allowed.add(word);
        const collect = (value: unknown): void => {
          if (typeof value === 'string') for (const word of value.match(/[A-Za-z]+/g) ?? []) allowed.add(word);
          else if (value && typeof value === 'object') Object.values(value).forEach(collect);
        };
        collect(await (await fetch('/v1/tv/config')).json());
        collect(await (await fetch('/v1/public/futures')).json());
        // Month and day names are the browser's Intl, in the page's language (the chart's time "24 Nov").
        const lang = document.documentElement.lang;
        for (let month = 0; month < 12; month += 1) {
          const day = new Date(Date.UTC(2026, month, 1 + month));
          for (const width of ['short', 'long'] as const) collect(new Intl.DateTimeFormat(lang, { month: width }).format(day));
          collect(new Intl.DateTimeFormat(lang, { weekday: 'short' }).format(day));
        }
        const texts: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (parent && parent.closest('kbd, script, style, [aria-hidden="true"]') === null && parent.getClientRects().length > 0) texts.push(node.textContent ?? '');
        }
        for (const element of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
          for (const name of ['aria-label', 'title', 'placeholder']) texts.push(element.getAttribute(name) ?? '');
        }
        const english = new Set<string>();
        for (const text of texts) {
          // A pseudo-localised word is accented; a plain word of three letters or more was left out (not a
          // piece of an id such as 0xee12…).
          // An account or key shown short (0x6cf1…ddcd) is hex, not words.
          const words = text.replace(/0x[0-9a-fA-F]+(…[0-9a-fA-F]+)?/g, '');
          for (const word of words.match(/(?<![\p{L}\p{N}])[A-Za-z]{3,}(?![\p{L}\p{N}])/gu) ?? []) if (!allowed.has(word)) english.add(word);
        }
        return [...english].sort();
      });

describe('languages, in Chromium', () => {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`Arabic at ${width}×${height}: right to left, no sideways scroll, no panel over another, no page error`, async () => {
      const { page, errors } = await openIn('ar', width, height);
      try {
        await expect.poll(() => root(page)).toEqual({ lang: 'ar', dir: 'rtl' });
        await panelsSettled(page);
        const scroll = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
        expect(scroll.scroll).toBeLessThanOrEqual(scroll.inner);
        expect(await overlapping(page)).toEqual([]);
        // A figure still reads left to right.
        const mark = page.locator('tr[data-symbol="PERP_BTC_USDC"] td[data-column="mark_price"]');
        expect(await mark.evaluate((cell) => getComputedStyle(cell).direction)).toBe('ltr');
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  }

  it('a browser set to zh-CN opens the terminal in Simplified Chinese, figures grouped as Chinese writes them', async () => {
    const { page, errors, catalogues } = await openIn('zh-CN');
    try {
      await expect.poll(() => root(page)).toEqual({ lang: 'zh-CN', dir: 'ltr' });
      await page.getByText('交易已启用').waitFor();
      const han = () => page.evaluate(() => (document.body.innerText.match(/\p{Script=Han}/gu) ?? []).length);
      // The panels come after the first words: wait for the whole screen, not for its first word.
      await expect.poll(han, { timeout: 20_000 }).toBeGreaterThan(100);
      // Every panel up (the lazy ones too, in Chinese), and only the active catalogue downloaded:
      // not the rest of the English, which an English page fetches with its first lazy panel.
      await expect.poll(han, { timeout: 15_000 }).toBeGreaterThan(300);
      expect(catalogues.length).toBeGreaterThan(0);
      expect(catalogues.filter((part) => part.locale !== 'zh-CN').map((part) => part.url)).toEqual([]);
      const fetched = await Promise.all(catalogues.map((part) => part.text));
      expect(fetched.join('\n')).toContain('交易已启用');
      // The session menu's words are a part of their own, fetched when it opens.
      expect(fetched.join('\n')).not.toContain('退出所有登录');
      const mark = page.locator('tr[data-symbol="PERP_BTC_USDC"] td[data-column="mark_price"]');
      expect(await mark.innerText()).toMatch(/^\d{1,3}(,\d{3})*\.\d$/);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('follows the browser on first open, and the palette switches the language without a reload', async () => {
    const { page, errors } = await openIn('de-DE');
    try {
      await expect.poll(() => root(page)).toEqual({ lang: 'de', dir: 'ltr' });
      // Figures as German writes them: a point groups thousands, a comma marks decimals.
      const mark = page.locator('tr[data-symbol="PERP_BTC_USDC"] td[data-column="mark_price"]');
      await expect.poll(() => mark.innerText()).toMatch(/^\d{1,3}(\.\d{3})*,\d$/);
      const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
      // The palette speaks German now: its field and the commands are found by what does not change.
      await paletteOn(page, 'arabic', /العربية/);
      await page.keyboard.press('Enter');
      await expect.poll(() => root(page)).toEqual({ lang: 'ar', dir: 'rtl' });
      await paletteOn(page, 'english', /English/);
      await page.keyboard.press('Enter');
      await expect.poll(() => root(page)).toEqual({ lang: 'en', dir: 'ltr' });
      await expect.poll(() => mark.innerText()).toMatch(/^\d{1,3}(,\d{3})*\.\d$/);
      expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
      // The choice is the trader's now: it outlives a reload.
      await page.reload();
      await page.locator('tr[data-symbol="PERP_BTC_USDC"]').first().waitFor();
      await expect.poll(() => root(page)).toEqual({ lang: 'en', dir: 'ltr' });
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('a lazy chunk opened after a switch shows its words in the new language, from a part fetched with it', async () => {
    const { page, errors, catalogues } = await openIn('en-US');
    try {
      await page.getByRole('region', { name: 'Order ticket' }).waitFor();
      await panelsSettled(page);
      const beforeSwitch = catalogues.length;
      await paletteOn(page, 'german', /Deutsch/);
      await page.keyboard.press('Enter');
      await expect.poll(() => root(page)).toEqual({ lang: 'de', dir: 'ltr' });
      await page.keyboard.press('Escape');
      // The dock's tabs, drawn before the switch, follow it too.
      const tabTitles = () => page.locator('.dock-tab__title').allInnerTexts();
      await expect.poll(tabTitles).toEqual(expect.arrayContaining(['Märkte', 'Konto']));
      expect(await tabTitles()).not.toContain('Markets');
      const beforeMenu = catalogues.length;
      // The layout menu's body is a chunk of its own, with its own part: neither loaded yet.
      await page.locator('.layout-menu__summary').click();
      await page.getByRole('button', { name: 'Speichern unter' }).waitFor();
      expect(await page.getByRole('button', { name: 'Save as' }).count()).toBe(0);
      const menuParts = catalogues.slice(beforeMenu);
      expect(menuParts.map((part) => part.locale)).toEqual(['de']);
      expect(await menuParts[0]!.text).toContain('Speichern unter');
      // From the switch on, only German is fetched.
      expect(catalogues.slice(beforeSwitch).filter((part) => part.locale !== 'de').map((part) => part.url)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('a part whose fetch failed is fetched again on the next ask', async () => {
    const { page, errors } = await openIn('en-US');
    try {
      await page.getByRole('region', { name: 'Order ticket' }).waitFor();
      let refused = 0;
      // The first ask for a German part (the palette gets German ready as it is highlighted) fails.
      await page.route(/\/assets\/words-[0-9a-f]+-de\.js$/, (route) => {
        if (refused === 0) {
          refused += 1;
          return route.abort('connectionreset');
        }
        return route.continue();
      });
      await paletteOn(page, 'german', /Deutsch/);
      await expect.poll(() => refused).toBe(1);
      await page.keyboard.press('Enter');
      await expect.poll(() => root(page)).toEqual({ lang: 'de', dir: 'ltr' });
      await page.keyboard.press('Escape');
      await page.getByRole('region', { name: 'Ordermaske' }).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it("a menu whose own part failed to come shows once it comes, and the terminal stays up (lazy keeps a rejection for good)", async () => {
    const { page, errors } = await openIn('en-US');
    try {
      await page.getByRole('region', { name: 'Order ticket' }).waitFor();
      await panelsSettled(page);
      await paletteOn(page, 'german', /Deutsch/);
      await page.keyboard.press('Enter');
      await expect.poll(() => root(page)).toEqual({ lang: 'de', dir: 'ltr' });
      await page.keyboard.press('Escape');
      // The session menu's body has a part of its own, not fetched yet: its first fetch fails.
      let refused = 0;
      await page.route(/\/assets\/words-[0-9a-f]+-de\.js$/, (route) => {
        if (refused === 0) {
          refused += 1;
          return route.abort('connectionreset');
        }
        return route.continue();
      });
      await page.locator('.session-menu summary').click();
      await expect.poll(() => refused).toBe(1);
      await page.getByRole('button', { name: 'Überall abmelden' }).waitFor({ timeout: 10_000 });
      await page.getByRole('region', { name: 'Ordermaske' }).first().waitFor();
      expect(errors.filter((error) => !/Failed to fetch dynamically imported module/.test(error))).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('a first load in German whose first part fails once opens in German (the switch asks again)', async () => {
    const context = await browser.newContext({ locale: 'de', viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = watchMissingWords(page);
    page.on('pageerror', (error) => errors.push(error.message));
    let refused = 0;
    await page.route(/\/assets\/words-[0-9a-f]+-de\.js$/, (route) => {
      if (refused === 0) {
        refused += 1;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    try {
      await page.goto(app.loginUrl);
      await page.getByRole('region', { name: 'Ordermaske' }).first().waitFor({ timeout: 15_000 });
      expect(refused).toBe(1);
      expect(await root(page)).toEqual({ lang: 'de', dir: 'ltr' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a palette switch whose parts failed switches once they come: the choice is not left undone', async () => {
    const { page, errors } = await openIn('en-US');
    try {
      await page.getByRole('region', { name: 'Order ticket' }).waitFor();
      await panelsSettled(page);
      // The highlight's fetch and the choice's both fail: the setting says German from Enter on.
      let refused = 0;
      await page.route(/\/assets\/words-[0-9a-f]+-de\.js$/, (route) => {
        if (refused < 2) {
          refused += 1;
          return route.abort('connectionreset');
        }
        return route.continue();
      });
      await paletteOn(page, 'german', /Deutsch/);
      await expect.poll(() => refused).toBe(1);
      await page.keyboard.press('Enter');
      await expect.poll(() => root(page), { timeout: 10_000 }).toEqual({ lang: 'de', dir: 'ltr' });
      expect(refused).toBe(2);
      await page.keyboard.press('Escape');
      await page.getByRole('region', { name: 'Ordermaske' }).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('the pseudo-locale finds no English left on screen: every word is from a catalogue or the service', async () => {
    const { page, errors } = await openIn('en-US');
    try {
      await page.goto(`${new URL(app.loginUrl).origin}/?lang=pseudo`);
      await page.locator('tr[data-symbol="PERP_BTC_USDC"]').first().waitFor();
      await panelsSettled(page);
      await expect.poll(() => root(page)).toEqual({ lang: 'en-XA', dir: 'ltr' });
      expect(await englishLeft(page)).toEqual([]);
      // The dialogs too: the settings (Ctrl+,) and the shortcut sheet (?).
      await page.keyboard.press('Control+,');
      await page.getByRole('dialog').waitFor();
      expect(await englishLeft(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.keyboard.press('?');
      await page.getByRole('dialog').waitFor();
      expect(await englishLeft(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
