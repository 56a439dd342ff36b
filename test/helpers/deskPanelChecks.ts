import type { Locator, Page } from 'playwright-core';
import { inLayoutMenu } from './terminal';
import { overlapping } from './browser';

/** The three desk panels: the Layout menu's checkbox (and phone tab) word, the panel's region name, its class. */
export const deskPanels = [
  { id: 'approvals', title: 'Approvals', region: 'Approvals' },
  { id: 'desk', title: 'Desk', region: 'Desk limits' },
  { id: 'audit', title: 'Audit', region: 'Audit trail' },
] as const;
export type DeskPanel = (typeof deskPanels)[number];

/** The panel's section once its content is in (not the Gate's busy box). */
export const panelOf = (page: Page, id: DeskPanel['id']): Locator => page.locator(`section.panel.${id}-panel:not([aria-busy="true"])`);

/**
 * Brings a desk panel to the front: on a desk, checked in the Layout menu (a no-op when it is open
 * already) and its tab clicked; on a phone, its tab in the bottom bar (`tabWord`: the panel's title
 * in the page's language). Waits for its content: `ready` is what the panel shows once its feed answered.
 */
export async function showPanel(page: Page, panel: DeskPanel, phone: boolean, tabWord: string = panel.title): Promise<Locator> {
  if (phone) {
    await page.locator('.phone__tabs').getByRole('button', { name: tabWord, exact: true }).click();
  } else {
    await inLayoutMenu(page, () => page.getByRole('checkbox', { name: tabWord, exact: true }).check());
    await page.getByRole('tab', { name: new RegExp(`^${tabWord}\\b`) }).click();
  }
  const section = panelOf(page, panel.id);
  await section.waitFor({ timeout: 30_000 });
  await ready(section, panel.id).waitFor({ timeout: 30_000 });
  return section;
}

/** What each panel shows once its feed answered with the stage's content. */
export function ready(section: Locator, id: DeskPanel['id']): Locator {
  if (id === 'approvals') return section.locator('[data-approval-id][data-state="awaiting"]').first();
  if (id === 'desk') return section.locator('[data-limit-row="account:main"]');
  return section.locator('[data-audit-id]').first();
}

/** The page scrolls sideways: its width past the window's. */
export const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollWidth > root.clientWidth ? `the page is ${root.scrollWidth}px wide in a ${root.clientWidth}px window` : null;
  });

/**
 * What spills out of the desk panels on screen: a panel out of the window or squeezed narrower than
 * 280 px, an element drawn past the side of its panel or of the box that clips or scrolls it (cut
 * off, or scrolled sideways), a box that scrolls sideways, or one drawn below its panel where
 * nothing scrolls. Fields are left out: a long value scrolls in its field by design.
 */
export const deskSpills = (page: Page) =>
  page.locator('section.panel.approvals-panel, section.panel.desk-panel, section.panel.audit-panel').evaluateAll((panels) =>
    panels.flatMap((panel) => {
      const box = panel.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return [];
      const out: string[] = [];
      const name = (element: Element) => `${panel.className.split(' ')[1]}: ${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
      if (box.left < -1 || box.right > window.innerWidth + 1) out.push(`${name(panel)} is out of the window (${box.left}–${box.right})`);
      // Squeezed: narrower than a phone's panel, its cards a word to a line.
      if (box.width < Math.min(280, window.innerWidth - 40)) out.push(`${name(panel)} is squeezed to ${Math.round(box.width)}px`);
      for (const element of panel.querySelectorAll('*')) {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0 || element.closest('input, textarea, select, dialog')) continue;
        const style = getComputedStyle(element);
        if (style.overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1) {
          out.push(`${name(element)} hides or scrolls ${element.scrollWidth - element.clientWidth}px sideways`);
        }
        let clip: Element = panel;
        for (let up = element.parentElement; up && up !== panel; up = up.parentElement) {
          if (getComputedStyle(up).overflowX !== 'visible') {
            clip = up;
            break;
          }
        }
        const edge = clip.getBoundingClientRect();
        if (rect.left < edge.left - 1 || rect.right > edge.right + 1) out.push(`${name(element)} spills sideways out of ${name(clip)} (${rect.left}–${rect.right} in ${edge.left}–${edge.right})`);
        const scrolls = clip !== panel && ['auto', 'scroll'].includes(getComputedStyle(clip).overflowY);
        if (!scrolls && rect.bottom > edge.bottom + 1) out.push(`${name(element)} spills below ${name(clip)}`);
      }
      return out;
    }),
  );

/** Everything a fit check finds on the page as it is: sideways scroll, spills, panels over one another. */
export async function misfits(page: Page): Promise<string[]> {
  const scroll = await sidewaysScroll(page);
  return [...(scroll ? [scroll] : []), ...(await deskSpills(page)), ...(await overlapping(page)).map((pair) => `panels ${pair} overlap`)];
}

/**
 * Words of three Latin letters or more that `panel` shows (text, labels, titles, placeholders) and
 * that are not the desk's data (names, accounts, symbols, ids, notes, audit details: read from the
 * same API the panels read): in a translated page, each is an English fallback.
 */
export const englishIn = (panel: Locator) =>
  panel.evaluate(async (section) => {
    // Written so in every language: the zone, the currency, the file format.
    const allowed = new Set<string>(['UTC', 'USDC', 'CSV']);
    const collect = (value: unknown): void => {
      // An audit record's detail is shown as its data says it, true and null too.
      if (typeof value !== 'object' || value === null) for (const word of String(value).match(/[A-Za-z]+/g) ?? []) allowed.add(word);
      else {
        for (const [key, inner] of Object.entries(value)) {
          collect(key);
          collect(inner);
        }
      }
    };
    for (const path of ['/api/approvals?state=all', '/api/desk/limits', '/api/audit?limit=1000', '/api/accounts', '/v1/public/futures']) {
      collect(await (await fetch(path)).json());
    }
    const texts: string[] = [];
    const walker = document.createTreeWalker(section, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && parent.closest('kbd, [aria-hidden="true"]') === null && parent.getClientRects().length > 0) texts.push(node.textContent ?? '');
    }
    for (const element of [section, ...section.querySelectorAll('[aria-label], [title], [placeholder]')]) {
      for (const name of ['aria-label', 'title', 'placeholder']) texts.push(element.getAttribute(name) ?? '');
    }
    const english = new Set<string>();
    for (const text of texts) {
      for (const word of text.match(/(?<![\p{L}\p{N}])[A-Za-z]{3,}(?![\p{L}\p{N}])/gu) ?? []) if (!allowed.has(word)) english.add(word);
    }
    return [...english].sort();
  });

export interface FocusStop {
  /** The control, as `tag.class "its name"`. */
  what: string;
  /** Why its focus cannot be seen, or null. */
  unseen: string | null;
}

/**
 * What the panel holds that Tab should reach: every enabled control on screen (one taken out of the
 * tab order with tabindex="-1" too: that is what the walk finds), in document order, each named and marked.
 */
export const tabbables = (panel: Locator) =>
  panel.evaluate((section) =>
    [...section.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [role="button"], [role="switch"], [role="checkbox"]')]
      .filter((element) => !(element as HTMLButtonElement).disabled && element.getClientRects().length > 0)
      .map((element, index) => {
        element.dataset.tabStop = `${index + 1}. ${element.tagName.toLowerCase()} "${element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent?.trim().slice(0, 30) ?? ''}"`;
        return element.dataset.tabStop;
      }),
  );

/**
 * The focused element, if it is in `panel`: which tab stop it is, and whether its focus ring shows:
 * drawn (an outline of a pixel or more) and not cut by the window or a box that clips it.
 */
export const focusedIn = (panel: Locator) =>
  panel.evaluate((section) => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || !section.contains(element) || element === section) return null;
    const style = getComputedStyle(element);
    const width = parseFloat(style.outlineWidth);
    const what = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? ''}"`;
    let unseen: string | null = null;
    if (style.outlineStyle === 'none' || !(width >= 1)) unseen = `no outline (${style.outlineStyle} ${style.outlineWidth})`;
    else {
      const grow = parseFloat(style.outlineOffset) + width;
      const box = element.getBoundingClientRect();
      const ring = { left: box.left - grow, right: box.right + grow, top: box.top - grow, bottom: box.bottom + grow };
      const cutBy = (edge: { left: number; right: number; top: number; bottom: number }) =>
        ring.left < edge.left - 0.5 || ring.right > edge.right + 0.5 || ring.top < edge.top - 0.5 || ring.bottom > edge.bottom + 0.5;
      if (cutBy({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight })) unseen = 'ring out of the window';
      for (let up = element.parentElement; up && !unseen; up = up.parentElement) {
        const clip = getComputedStyle(up);
        if (clip.overflowX === 'visible' && clip.overflowY === 'visible') continue;
        const edge = up.getBoundingClientRect();
        const inner = { left: edge.left + up.clientLeft, top: edge.top + up.clientTop, right: edge.left + up.clientLeft + up.clientWidth, bottom: edge.top + up.clientTop + up.clientHeight };
        if (cutBy(inner)) unseen = `ring cut by ${up.tagName.toLowerCase()}.${[...up.classList].join('.')}`;
      }
    }
    return { stop: element.dataset.tabStop ?? '', what, unseen };
  });

/**
 * Text in `panel` under WCAG AA contrast against what is drawn behind it (4.5:1, 3:1 for large
 * text), computed from the page's colours: axe leaves the dock's panels "incomplete" (the library's
 * sash layer over every panel reads to it as an overlap), so there it checks no contrast at all.
 * Disabled controls are exempt, as WCAG has them.
 */
export const lowContrast = (panel: Locator) =>
  panel.evaluate((section) => {
    type Rgba = [number, number, number, number];
    const parse = (colour: string): Rgba | null => {
      const parts = /rgba?\(([^)]+)\)/.exec(colour)?.[1]?.split(/[\s,/]+/).filter(Boolean).map(Number);
      return parts && parts.length >= 3 ? [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1] : null;
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + bottom[i]! * (1 - top[3])).concat(1) as Rgba;
    const luminance = (colour: Rgba) => {
      const linear = (value: number) => (value / 255 <= 0.03928 ? value / 255 / 12.92 : ((value / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(colour[0]) + 0.7152 * linear(colour[1]) + 0.0722 * linear(colour[2]);
    };
    const behind = (element: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let up: Element | null = element; up; up = up.parentElement) {
        const colour = parse(getComputedStyle(up).backgroundColor);
        if (colour && colour[3] > 0) layers.push(colour);
        if (colour && colour[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };
    const found: string[] = [];
    for (const element of section.querySelectorAll<HTMLElement>('*')) {
      const field = (element instanceof HTMLInputElement && !['checkbox', 'radio'].includes(element.type)) || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
      const text = field
        ? (element as HTMLInputElement).value
        : [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent ?? '').join('');
      if (!text.trim() || element.getClientRects().length === 0 || element.closest(':disabled, [aria-disabled="true"], [aria-hidden="true"]')) continue;
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible') continue;
      const background = behind(element);
      const colour = over(parse(style.color) ?? [0, 0, 0, 1], background);
      const [light, dark] = [luminance(colour), luminance(background)].sort((a, b) => b - a);
      const ratio = (light! + 0.05) / (dark! + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) found.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${text.trim().slice(0, 30)}": ${ratio.toFixed(2)}:1`);
    }
    return found;
  });

/**
 * Text in `selector` whose contrast axe could not check (its result "incomplete": a box it takes to
 * be over the text, a pseudo-element behind it): where axe checks nothing, its silence says nothing.
 * Needs axe on the page (seriousViolations puts it there).
 */
export const contrastUnchecked = (page: Page, selector: string) =>
  page.evaluate(async (within) => {
    type Result = { nodes: { target: string[]; any: { data?: { messageKey?: string } }[] }[] };
    const axe = (window as unknown as { axe: { run(context: unknown, options: object): Promise<{ incomplete: Result[] }> } }).axe;
    const { incomplete } = await axe.run(within, { runOnly: ['color-contrast'] });
    return incomplete.flatMap((result) =>
      result.nodes.flatMap((node) => {
        const why = node.any.map((check) => check.data?.messageKey).filter((key) => key === 'bgOverlap' || key === 'pseudoContent');
        return why.length > 0 ? [`${node.target.join(' ')}: ${why.join(', ')}`] : [];
      }),
    );
  }, selector);
