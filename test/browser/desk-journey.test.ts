import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalOrder, Role } from '@/interface';
import { hashToken, newLinkToken } from '@/proxy/desk/people';
import { SqlitePeople } from '@/proxy/desk/sqlitePeople';
import { startApp, type RunningApp } from '../helpers/app';
import { seriousViolations } from '../helpers/axe';
import { launchChromium, panelsSettled, watchMissingWords } from '../helpers/browser';
import { tempDir } from '../helpers/stack';
import { fillOrder, inLayoutMenu } from '../helpers/terminal';

/*
 * A desk's journey in Chromium against the real app (`npm start`, embedded service, SQLite): a
 * trader (alice) and a risk user (rita), each signed in with a one-time link in a browser context
 * of their own. A ticket over alice's limit is refused naming it and nothing is sent; one over her
 * approval threshold waits, rita approves it in her Approvals panel and alice sees it placed, by
 * her and approved by rita; another is rejected with a note alice reads. Each step waits for what
 * the person sees, never for a fixed time.
 */
const WAIT = { timeout: 30_000 };
let app: RunningApp;
let people: SqlitePeople;
let browser: Browser;
const contexts: BrowserContext[] = [];
const missingWords: string[][] = [];
let alice: Page;
let rita: Page;

/** Adds a desk user on the proxy's store, opens their one-time link in a context of their own. */
async function signIn(name: string, roles: Role[], accounts: '*' | string[]): Promise<Page> {
  await people.addUser({ name, roles, accounts }, Date.now());
  const token = newLinkToken();
  await people.issueLink(name, hashToken(token), Date.now());
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  missingWords.push(watchMissingWords(page));
  await page.goto(`${app.url}?token=${token}`);
  await page.locator('tr[data-symbol="PERP_BTC_USDC"]').waitFor(WAIT);
  await panelsSettled(page, 30_000);
  return page;
}

beforeAll(async () => {
  const dataDir = tempDir('perp-desk-journey-');
  app = await startApp({ env: { TERMINAL_TOKEN: 'desk-journey-token-0123456789abcdef' }, dataDir });
  people = new SqlitePeople(join(dataDir, 'desk.sqlite'));
  browser = await launchChromium();
  alice = await signIn('alice', ['trader'], ['main']);
  rita = await signIn('rita', ['risk'], '*');
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await app?.stop();
  people?.close();
  expect(missingWords.flat()).toEqual([]);
});

/** Rita sets alice's limits as the Desk panel would: PUT with her own session, from her page. */
async function setAliceLimits(limits: Record<string, unknown>): Promise<void> {
  const status = await rita.evaluate(
    async (body) =>
      (await fetch('/api/desk/limits/user/alice', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
    limits,
  );
  expect(status).toBe(200);
}

const journal = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/orders?limit=100')).json()) as { data: { rows: JournalOrder[] } }).data.rows);

const ticketResult = (page: Page) => page.getByRole('region', { name: 'Ticket result' });

/** Alice types a BTC buy at the mark and sends it (through the confirmation when it is asked). */
async function aliceBuys(quantity: string): Promise<Locator> {
  const result = ticketResult(alice);
  if (await result.isVisible()) {
    await result.getByRole('button', { name: 'Dismiss' }).click();
    await result.waitFor({ state: 'hidden', ...WAIT });
  }
  await fillOrder(alice, 'PERP_BTC_USDC', quantity);
  await alice.getByRole('button', { name: 'Buy', exact: true }).click();
  const dialog = alice.getByRole('dialog', { name: 'Send 1 order?' });
  await dialog.or(result).first().waitFor(WAIT);
  if (await dialog.isVisible()) await dialog.locator('button[data-autofocus]').click();
  await result.waitFor(WAIT);
  return result;
}

/** Turns a panel on in the person's Layout menu and returns it. */
async function openPanel(page: Page, name: string): Promise<Locator> {
  await inLayoutMenu(page, () => page.getByRole('checkbox', { name }).check());
  // The panel's own region (the dock's group around it takes the name of its active tab too).
  const panel = page.locator('section.panel:not([aria-busy="true"])').and(page.getByRole('region', { name }));
  await panel.waitFor(WAIT);
  return panel;
}

/** The id of the approval a ticket awaits, as the ticket's result shows it. */
async function awaitingId(result: Locator): Promise<string> {
  await result.getByText('Awaiting approval').waitFor(WAIT);
  expect(await result.getAttribute('data-desk')).toBe('awaiting');
  const id = (await result.locator('dt', { hasText: /^Approval$/ }).locator('xpath=following-sibling::dd').innerText()).trim();
  expect(id).not.toBe('');
  return id;
}

describe('a trader and a risk user on one desk, each in their own browser', () => {
  it('refuses a ticket over the per-order limit naming it in words, and nothing reaches the service', async () => {
    await setAliceLimits({ maxOrderNotional: '10' });
    const result = await aliceBuys('0.01');
    await result.getByText('Refused: over a limit, nothing sent').waitFor(WAIT);
    const limit = result.locator('[data-limit="maxOrderNotional"]');
    expect(await limit.innerText()).toMatch(/^#1 PERP_BTC_USDC: Order notional [\d,.]+ USDC is over the limit per order of user alice, 10 USDC\.$/);
    expect(await journal(alice)).toEqual([]);
    await alice.getByText('No orders placed yet.', { exact: false }).waitFor(WAIT);
  });

  it('holds a ticket over the approval threshold; rita approves it in her Approvals panel and alice sees it placed', async () => {
    await setAliceLimits({ approvalAbove: '1' });
    const id = await awaitingId(await aliceBuys('0.01'));
    expect(await journal(alice)).toEqual([]);

    const approvals = await openPanel(rita, 'Approvals');
    const card = approvals.locator(`[data-approval-id="${id}"]`);
    await card.waitFor(WAIT);
    expect(await card.getAttribute('data-state')).toBe('awaiting');
    await card.getByText('by alice').waitFor();
    await card.getByText(/PERP_BTC_USDC/).waitFor();
    expect(await seriousViolations(rita)).toEqual([]);
    await card.getByRole('button', { name: 'Approve' }).click();

    // Alice's orders table, with the desk's columns shown: placed by her, approved by rita.
    await alice.locator('summary[aria-label="Columns of Placed orders"]').click();
    const columns = alice.getByRole('group', { name: 'Columns of Placed orders' });
    await columns.getByRole('checkbox', { name: 'Placed by' }).check();
    await columns.getByRole('checkbox', { name: 'Approved by' }).check();
    await alice.locator('summary[aria-label="Columns of Placed orders"]').click();
    const row = alice.locator('table[aria-label="Placed orders"] tbody tr[data-status="accepted"]');
    await row.first().waitFor(WAIT);
    expect(await row.count()).toBe(1);
    await expect.poll(() => row.locator('td[data-column="symbol"]').innerText()).toContain('BTC');
    await expect.poll(() => row.locator('td[data-column="placed_by"]').innerText()).toBe('alice');
    await expect.poll(() => row.locator('td[data-column="approved_by"]').innerText()).toBe('rita');
    // Decided, the card leaves rita's list of what still waits.
    await card.waitFor({ state: 'detached', ...WAIT });
  });

  it('a rejection needs a note, and alice reads it on her own card, which she may withdraw but never approve', async () => {
    const id = await awaitingId(await aliceBuys('0.02'));
    const mine = (await openPanel(alice, 'Approvals')).locator(`[data-approval-id="${id}"]`);
    await mine.waitFor(WAIT);
    expect(await mine.getAttribute('data-state')).toBe('awaiting');
    await mine.getByRole('button', { name: 'Withdraw' }).waitFor();
    expect(await mine.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await mine.getByRole('button', { name: 'Reject…' }).count()).toBe(0);

    const card = rita.locator('section.panel').and(rita.getByRole('region', { name: 'Approvals' })).locator(`[data-approval-id="${id}"]`);
    await card.waitFor(WAIT);
    await card.getByRole('button', { name: 'Reject…' }).click();
    await card.getByRole('button', { name: 'Reject', exact: true }).click();
    await card.getByRole('alert').getByText('A rejection needs a note: say why, the author reads it.').waitFor();
    expect(await card.getAttribute('data-state')).toBe('awaiting');
    await card.getByLabel('Why it is rejected').fill('too large for today');
    await card.getByRole('button', { name: 'Reject', exact: true }).click();
    await card.waitFor({ state: 'detached', ...WAIT });

    await expect.poll(() => mine.getAttribute('data-state'), WAIT).toBe('rejected');
    await mine.getByText('rita: too large for today').waitFor(WAIT);
    expect(await mine.getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
    // Nothing of it was sent: the journal still has the one approved order only.
    expect((await journal(alice)).map((order) => order.approved_by)).toEqual(['rita']);
  });
});
