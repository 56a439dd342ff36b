/**
 * What languages cost: the main thread per markets poll in German beside English (the grid
 * writes every figure in the locale's form), the time from choosing a language in the palette to
 * the first frame drawn in it, and the catalogue a switch on the Trade workspace downloads: the
 * parts of it (assets/words-<part>-<locale>.js, see vite.config.ts) the page fetched for the
 * switch, summed (gzip), in the locale whose parts are largest.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { threadTimes } from './pageProbe';
import { progress } from './progress';
import { startTickingPage } from './realApp';
import { median, sleep } from './stats';
import { atMost, Figures, floorOf } from './table';

export interface LanguagesOptions {
  measureMs: number;
  /** English and German alternated (E G, then G E, …): a drift of the machine lands on both alike. */
  rounds: number;
  switches: number;
}

/** Main-thread busy time per markets poll over `ms`, on the ticking page in this browser language. */
async function perPoll(browser: Browser, distDir: string, locale: string, ms: number): Promise<number> {
  const { app, context, page, close } = await startTickingPage(browser, distDir, locale);
  try {
    let polls = 0;
    page.on('requestfinished', (request) => {
      if (request.url().includes('/v1/public/futures')) polls += 1;
    });
    await page.goto(app.url);
    await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor({ timeout: 30_000 });
    await sleep(2000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const before = await threadTimes(cdp);
    const seenBefore = polls;
    await sleep(ms);
    const after = await threadTimes(cdp);
    return (after.task - before.task) / Math.max(1, polls - seenBefore);
  } finally {
    await close();
  }
}

/** A part of a catalogue: assets/words-<part>-<locale>.js. */
const PART = /\/assets\/words-([0-9a-f]+)-[A-Za-z-]+\.js$/;

/** From Enter on a language in the palette to the first frame after `<html lang>` says it. */
async function switchTo(page: Page, search: string, name: string, lang: string): Promise<number> {
  await page.keyboard.press('Control+K');
  // The palette is in the language being left: found by what does not change with it.
  await page.locator('[cmdk-input]').fill(search);
  await page.getByRole('option', { name: new RegExp(name) }).first().waitFor();
  await page.evaluate((wanted) => {
    const state = window as unknown as { __switch?: Promise<number> };
    state.__switch = new Promise<number>((resolve) => {
      let pressed = 0;
      addEventListener('keydown', (event: KeyboardEvent) => { if (event.key === 'Enter') pressed = performance.now(); }, { capture: true, once: true });
      new MutationObserver((_records, observer) => {
        if (document.documentElement.lang !== wanted) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - pressed), 0));
      }).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    });
  }, lang);
  await page.keyboard.press('Enter');
  return page.evaluate(() => (window as unknown as { __switch: Promise<number> }).__switch);
}

export async function benchLanguages(browser: Browser, distDir: string, options: LanguagesOptions) {
  const figures = new Figures('languages');
  const englishRuns: number[] = [];
  const germanRuns: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 === 0 ? (['en-US', 'de-DE'] as const) : (['de-DE', 'en-US'] as const);
    for (const locale of order) (locale === 'en-US' ? englishRuns : germanRuns).push(await perPoll(browser, distDir, locale, options.measureMs));
    progress(`languages round ${round + 1}: ${englishRuns.at(-1)!.toFixed(2)} ms per poll in English, ${germanRuns.at(-1)!.toFixed(2)} in German`);
  }
  const english = median(englishRuns);
  const german = median(germanRuns);
  const englishFigure = figures.add('markets poll, main thread · English, median of rounds', english, 'ms');
  figures.add('markets poll, main thread · German, median of rounds', german, 'ms', undefined, floorOf(englishFigure));
  figures.add('German / English, main thread per poll', german / english, '×', atMost(1.05));

  const { app, page, close } = await startTickingPage(browser, distDir, 'en-US');
  const times: number[] = [];
  // The catalogue parts each switch fetched (from the palette opening, as a highlighted language
  // is got ready before Enter, to the frame drawn in it): part names, by the locale switched to.
  const requested: string[] = [];
  page.on('request', (request) => {
    if (PART.test(request.url())) requested.push(request.url());
  });
  const fetchedBySwitch: { lang: string; parts: string[] }[] = [];
  try {
    await page.goto(app.url);
    await page.getByRole('region', { name: 'Order ticket' }).waitFor({ timeout: 30_000 });
    await sleep(1500);
    // Each by its English keyword, which every language's palette keeps.
    const route = [['german', 'Deutsch', 'de'], ['arabic', 'العربية', 'ar'], ['chinese simplified', '简体中文', 'zh-CN'], ['english', 'English', 'en']] as const;
    for (let round = 0; round < options.switches; round++) {
      const [search, name, lang] = route[round % route.length]!;
      const before = requested.length;
      times.push(await switchTo(page, search, name, lang));
      // Anything the switch asked for has been asked by the frame; a moment more for a late one.
      await sleep(200);
      fetchedBySwitch.push({ lang, parts: requested.slice(before).map((url) => PART.exec(url)![1]!) });
    }
  } finally {
    await close();
  }
  figures.add('switching language, to a frame drawn in it, median', median(times), 'ms', atMost(100));
  figures.add('switching language, slowest', Math.max(...times), 'ms');

  // What a switch fetched, in every locale: the same parts of each locale's catalogue, summed.
  const assets = join(distDir, 'assets');
  const locales = [...new Set(readdirSync(assets).map((file) => /^words-[0-9a-f]+-(.+)\.js\.gz$/.exec(file)?.[1]).filter((locale) => locale !== undefined))];
  if (locales.length === 0) throw new Error(`${assets}: no catalogue parts (words-<part>-<locale>.js)`);
  const gzipOf = (part: string, locale: string) => statSync(join(assets, `words-${part}-${locale}.js.gz`)).size / 1024;
  const switches = fetchedBySwitch.map(({ lang, parts }) => {
    const names = [...new Set(parts)];
    const byLocale = Object.fromEntries(locales.map((locale) => [locale, names.reduce((sum, part) => sum + gzipOf(part, locale), 0)]));
    return { lang, parts: names, byLocale };
  });
  const largest = Math.max(...switches.flatMap(({ byLocale }) => Object.values(byLocale)));
  if (!(largest > 0)) throw new Error('no switch fetched a catalogue part');
  figures.add('largest catalogue a switch downloads (gzip)', largest, 'kB', atMost(15));
  return { figures: figures.list, details: { englishRuns, germanRuns, switches: times, catalogues: switches } };
}
