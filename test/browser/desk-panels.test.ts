import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { catalogue } from '../helpers/catalogue';
import { contrastUnchecked, deskPanels, englishIn, focusedIn, lowContrast, misfits, showPanel, tabbables, type DeskPanel } from '../helpers/deskPanelChecks';
import { stageDesk, TRADER, type DeskStage } from '../helpers/deskStage';

/*
 * The desk's panels (Approvals, Desk limits, Audit) at a phone's, a tablet's and a laptop's size,
 * in every theme and in Arabic and Chinese, with real content made through the proxy's HTTP API
 * (test/helpers/deskStage.ts), seen by risk users in Chromium against the real app. Each panel is
 * unfolded as a risk user works in it: decided approvals shown, a rejection's note being written,
 * a user's limits form open. None of it sends anything.
 */
let stage: DeskStage;
let people = 0;
/** A risk user of their own for each page: a theme or a layout one test sets is not the next one's. */
const riskPage = (options?: Parameters<DeskStage['riskPage']>[1]) => stage.riskPage(`risk${(people += 1)}`, options);
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

beforeAll(async () => {
  stage = await stageDesk();
}, 120_000);

afterAll(async () => {
  await stage?.close();
  expect(stage?.missingWords.flat() ?? []).toEqual([]);
});

/**
 * Shows what the panel holds beyond its first screen, by its structure (the words change with the
 * language): the decided approvals (the rejected one's long note) and the waiting one's rejection
 * form with a long draft; the trader's limits form. Nothing is sent: no form is submitted.
 */
async function unfold(section: Locator, id: DeskPanel['id']): Promise<void> {
  if (id === 'approvals') {
    await section.locator('.desk__head input[type="checkbox"]').check();
    await section.locator(`[data-approval-id="${stage.rejected}"]`).getByText(stage.longNote.slice(-40)).waitFor();
    const waiting = section.locator(`[data-approval-id="${stage.waiting}"]`);
    if ((await waiting.locator('textarea').count()) === 0) await waiting.locator('.desk__actions button.desk__danger').click();
    await waiting.locator('textarea').fill(stage.longNote);
  } else if (id === 'desk') {
    const row = section.locator(`[data-limit-row="user:${TRADER}"]`);
    if ((await row.locator('form').count()) === 0) await row.locator('.desk__actions button:not([role="switch"])').click();
    await row.locator('form.desk-form').waitFor();
  }
}

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const root = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

describe('the desk panels fit', () => {
  for (const [width, height, phone] of [
    [390, 844, true],
    [768, 1024, false],
    [1280, 720, false],
  ] as const) {
    it(`at ${width}×${height}${phone ? ' (phone, touch)' : ''}: no sideways scroll, nothing spills out of its panel, no panel over another`, async () => {
      const page = await riskPage(phone ? PHONE : { viewport: { width, height } });
      try {
        for (const panel of deskPanels) {
          const section = await showPanel(page, panel, phone);
          await unfold(section, panel.id);
          expect(await misfits(page), panel.id).toEqual([]);
        }
      } finally {
        await page.context().close();
      }
    });
  }
});

describe('the desk panels in every theme', () => {
  it('axe finds nothing serious and every text reaches AA contrast with each panel open, unfolded, in light, dark and high contrast', async () => {
    const page = await riskPage();
    try {
      for (const [value, label] of [
        ['light', 'Light'],
        ['dark', 'Dark'],
        ['contrast', 'High contrast'],
      ] as const) {
        await page.getByRole('button', { name: 'Settings' }).click();
        await page.getByRole('dialog', { name: 'Settings' }).getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: label }).check();
        await page.keyboard.press('Escape');
        await expect.poll(() => theme(page)).toBe(value);
        for (const panel of deskPanels) {
          const section = await showPanel(page, panel, false);
          await unfold(section, panel.id);
          expect(await seriousViolations(page), `${panel.id} in ${value}`).toEqual([]);
          expect(await lowContrast(section), `${panel.id}'s contrast in ${value}`).toEqual([]);
          expect(await contrastUnchecked(page, `section.panel.${panel.id}-panel`), `${panel.id}: contrast axe could not check`).toEqual([]);
        }
        // The kill switch asks first: its question too.
        const section = await showPanel(page, deskPanels[1], false);
        await section.locator('[data-limit-row="user:bob"] button[role="switch"]').click();
        const question = page.getByRole('dialog', { name: 'Turn trading back on for user bob?' });
        await question.waitFor();
        expect(await seriousViolations(page), `the kill switch's question in ${value}`).toEqual([]);
        expect(await lowContrast(question), `the kill switch's question in ${value}`).toEqual([]);
        await question.getByRole('button', { name: 'Cancel' }).click();
        await question.waitFor({ state: 'detached' });
      }
    } finally {
      await page.context().close();
    }
  });
});

describe('the desk panels in other languages, on a phone', () => {
  const panelWords: Record<DeskPanel['id'], [string, string]> = {
    approvals: ['Approvals', 'panel: tickets waiting for a second pair of eyes'],
    desk: ['Desk', 'panel: users and accounts of the desk with their limits'],
    audit: ['Audit', 'panel: the audit trail of who did what'],
  };
  /** A control of each panel, named in the locale's words: the panel says what the catalogue says. */
  const named = (say: ReturnType<typeof catalogue>, section: Locator, id: DeskPanel['id']) => {
    if (id === 'approvals') return section.locator(`[data-approval-id="${stage.waiting}"]`).getByRole('button', { name: say('Approve', 'approve a ticket waiting for approval') });
    if (id === 'desk') return section.locator(`[data-limit-row="user:${TRADER}"]`).getByRole('button', { name: say('Save limits', 'send the limits form') });
    return section.getByRole('link', { name: say('Export CSV') });
  };
  for (const [locale, lang, dir] of [
    ['ar', 'ar', 'rtl'],
    ['zh-CN', 'zh-CN', 'ltr'],
  ] as const) {
    it(`${locale}: each panel speaks ${locale} (no English of its own left), reads ${dir}, and fits at 390×844`, async () => {
      const say = catalogue(locale);
      const page = await riskPage({ ...PHONE, locale });
      try {
        await expect.poll(() => root(page)).toEqual({ lang, dir });
        for (const panel of deskPanels) {
          const section = await showPanel(page, panel, true, say(...panelWords[panel.id]));
          await unfold(section, panel.id);
          await named(say, section, panel.id).waitFor();
          // The state asserted, waited for: no English word of the panel's own on screen.
          await expect.poll(() => englishIn(section), { timeout: 15_000, message: `${panel.id} in ${locale}` }).toEqual([]);
          expect(await misfits(page), `${panel.id} in ${locale}`).toEqual([]);
          expect(await seriousViolations(page), `${panel.id} in ${locale}`).toEqual([]);
        }
        // The trail's actions too are the locale's words.
        await page.locator('section.panel.audit-panel [data-audit-id]', { hasText: say('rejected', 'audit action') }).first().waitFor();
      } finally {
        await page.context().close();
      }
    });
  }
});

describe('the desk panels from the keyboard', () => {
  it('Tab reaches every control of each panel, each with a focus ring in sight', async () => {
    const page = await riskPage();
    try {
      for (const panel of deskPanels) {
        const section = await showPanel(page, panel, false);
        await unfold(section, panel.id);
        const stops = await tabbables(section);
        expect(stops.length, panel.id).toBeGreaterThan(2);
        // The walk starts on the panel's head, where no control is: the next Tab is the panel's first.
        await section.locator('.desk__head').click({ position: { x: 2, y: 2 } });
        const reached = new Set<string>();
        const unseen: string[] = [];
        // A date and time field takes a Tab for each of its parts: up to six presses a stop.
        for (let press = 0; press < stops.length * 6; press += 1) {
          await page.keyboard.press('Tab');
          const focus = await focusedIn(section);
          if (!focus) break;
          reached.add(focus.stop);
          if (focus.unseen) unseen.push(`${focus.stop}: ${focus.unseen}`);
        }
        expect(stops.filter((stop) => !reached.has(stop)), `${panel.id}: controls Tab never reached`).toEqual([]);
        expect(unseen, `${panel.id}: focus not seen`).toEqual([]);
      }
    } finally {
      await page.context().close();
    }
  });
});
