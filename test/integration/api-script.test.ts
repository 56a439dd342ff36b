import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newLinkToken } from '@/proxy/desk/people';
import { SqlitePeople } from '@/proxy/desk/sqlitePeople';
import { root } from '../helpers/app';
import { startStack, type Stack } from '../helpers/stack';

/*
 * docs/api.md's examples, run as they are printed there against a real proxy and its embedded
 * service, as a desk's user "bot" (role trader) signing in with a one-time link.
 */

const run = promisify(execFile);
const nodeExample = join(root, 'docs', 'api-example.mjs');
const curlExample = join(root, 'docs', 'api-example.sh');
const has = (command: string) => {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

let stack: Stack;
let people: SqlitePeople;
beforeAll(async () => {
  stack = await startStack({ signIn: false, proxy: { pacingMs: 0 } });
  // The desk command's store, beside the journal, as `npm run desk -- user add bot --role trader` writes it.
  people = new SqlitePeople(join(dirname(stack.proxy.app.proxyOptions.journalPath), 'desk.sqlite'));
  await people.addUser({ name: 'bot', roles: ['trader'], accounts: '*' }, Date.now());
});
afterAll(async () => {
  await stack.close();
  await people.close();
});

/** A new one-time link for the bot, as `npm run desk -- user link bot` prints it. */
async function loginLink(): Promise<string> {
  const token = newLinkToken();
  await people.issueLink('bot', hashToken(token), Date.now());
  return `${stack.proxy.url}?token=${token}`;
}

type Step = { step: string } & Record<string, unknown>;

describe('docs/api.md, run', () => {
  it('prints the examples exactly as they are in the repository', () => {
    const doc = readFileSync(join(root, 'docs', 'api.md'), 'utf8');
    expect(doc).toContain(readFileSync(nodeExample, 'utf8'));
    expect(doc).toContain(readFileSync(curlExample, 'utf8'));
  });

  it('the Node script signs in, places a ticket once though sent twice, follows it, arms and cancels a stop, reads candles', { timeout: 60_000 }, async () => {
    const link = await loginLink();
    const { stdout } = await run(process.execPath, [nodeExample], { env: { ...process.env, LOGIN_LINK: link }, timeout: 50_000 });
    const steps = Object.fromEntries(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Step)
        .map((step) => [step.step, step]),
    );
    expect(Object.keys(steps)).toEqual(['placed', 'retried', 'outcome', 'armed', 'cancelled', 'candles', 'signed-out']);
    expect(steps.retried).toMatchObject({ replayed: true });
    expect(steps.outcome).toMatchObject({ status: 'accepted', orders: [{ status: 'accepted', order_id: expect.any(Number) }] });
    expect(steps.armed).toMatchObject({ state: 'armed' });
    expect(steps.cancelled).toMatchObject({ id: steps.armed!.id, state: 'cancelled' });
    expect(steps.candles).toMatchObject({ rows: expect.any(Number) });

    // Placed once, by the bot; the link is spent.
    const ticket = await stack.proxy.app.journal.ticketResult(steps.placed!.ticket as string);
    expect(ticket?.rows.map((row) => row.placed_by)).toEqual(['bot']);
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/?login=refused');
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  it('the curl script does the same', { timeout: 60_000 }, async () => {
    // Never skipped: .ci/run installs Debian's curl and jq when the machine lacks them.
    expect(['curl', 'jq'].filter((tool) => !has(tool)), 'the curl example needs curl and jq on PATH').toEqual([]);
    const { stdout } = await run('bash', [curlExample], { env: { ...process.env, LOGIN_LINK: await loginLink() }, timeout: 50_000 });
    expect(stdout).toMatch(/^idempotent-replayed: true/im);
    expect(stdout).toMatch(/"state":"cancelled"/);
    expect(stdout).toMatch(/"authenticated":false/);
  });

  it('refuses what a script gets wrong: no Origin on a change, a wrong Origin, no cookie', async () => {
    const link = await loginLink();
    const cookie = (await fetch(link, { redirect: 'manual' })).headers.get('set-cookie')!.split(';')[0]!;
    const post = (headers: Record<string, string>) =>
      fetch(`${stack.origin}/api/held-orders/none`, { method: 'DELETE', headers });
    expect((await post({ cookie })).status).toBe(403);
    expect((await post({ cookie, origin: 'http://localhost:1' })).status).toBe(403);
    expect((await post({ origin: stack.origin })).status).toBe(401);
    expect((await post({ cookie, origin: stack.origin })).status).toBe(404);
  });
});
