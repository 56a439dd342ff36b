import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Approval, LimitIssue } from '@/interface';
import { APPROVAL_TTL_MS, ApprovalKeyTakenError, Approvals, FinalSubmitError, type AuditEntry } from '@/proxy/desk/approvals';
import { openSqliteLimits, type SqliteLimits } from '@/proxy/desk/sqliteLimits';
import { keptLog } from '../helpers/deskLimits';
import { tempDir } from '../helpers/stack';

const T0 = 1_764_072_000_000;
const body = { orders: [{ symbol: 'PERP_BTC_USDC', order_type: 'LIMIT', side: 'BUY', order_quantity: 2, order_price: 30_000 }] };
const ticket = (id = 'key-0000001', author = 'alice') => ({ id, kind: 'ticket' as const, account: 'main', author, notional: '60000', body });
const rita = { name: 'rita', address: '10.0.0.7' };

describe('four-eyes approval', () => {
  let stores: SqliteLimits;
  let now: number;
  let issues: LimitIssue[];
  let audit: AuditEntry[];
  let submitted: Approval[];
  let submitFails: string | undefined;
  let log: ReturnType<typeof keptLog>;
  let approvals: Approvals;
  const check = vi.fn(async (_approval: Approval) => ({ issues }));

  beforeEach(() => {
    stores = openSqliteLimits(join(tempDir('desk-approvals-'), 'desk.sqlite'));
    [now, issues, audit, submitted, submitFails, log] = [T0, [], [], [], undefined, keptLog()];
    check.mockClear();
    approvals = new Approvals({
      store: stores.approvals,
      check,
      submit: async (approval) => {
        if (submitFails) throw new Error(submitFails);
        submitted.push(approval);
        return `ticket-of-${approval.id}`;
      },
      audit: (entry) => void audit.push(entry),
      log,
      now: () => now,
    });
  });
  afterEach(async () => stores.close());

  it('waits ten minutes by default, audits the ask once, and refuses the key reused for another ticket', async () => {
    expect(APPROVAL_TTL_MS).toBe(600_000);
    const { approval, fresh } = await approvals.ask(ticket(), '10.0.0.1');
    expect([fresh, approval.state, approval.createdAt, approval.expiresAt]).toEqual([true, 'awaiting', T0, T0 + 600_000]);
    expect((await approvals.ask(ticket())).fresh).toBe(false);
    expect(audit).toEqual([
      { at: T0, actor: 'alice', action: 'approval-asked', subject: 'key-0000001', address: '10.0.0.1', detail: { kind: 'ticket', account: 'main', notional: '60000', expiresAt: T0 + 600_000 } },
    ]);
    await expect(approvals.ask({ ...ticket(), body: { orders: [] } })).rejects.toThrow(ApprovalKeyTakenError);
    await expect(approvals.ask(ticket('key-0000001', 'bob'))).rejects.toThrow('idempotency key key-0000001 was already used for another ticket');
  });

  it("sends an approved ticket once, marked with what it became, and audits who approved it", async () => {
    await approvals.ask(ticket());
    now = T0 + 1000;
    const outcome = await approvals.approve('key-0000001', rita, 'ok for today');
    expect(outcome).toMatchObject({ ok: true, sent: true, approval: { state: 'approved', decidedBy: 'rita', ticketId: 'ticket-of-key-0000001' } });
    expect(submitted.map((approval) => [approval.id, approval.state, approval.body])).toEqual([['key-0000001', 'approved', body]]);
    expect(check).toHaveBeenCalledTimes(1);
    expect(audit.at(-1)).toEqual({
      at: T0 + 1000, actor: 'rita', action: 'approved', subject: 'key-0000001', address: '10.0.0.7', detail: { note: 'ok for today', notional: '60000', author: 'alice' },
    });
    expect(await stores.approvals.approvedUnsent()).toEqual([]);
    expect(await approvals.approve('key-0000001', { name: 'ron' })).toEqual({ ok: false, why: 'decided:approved' });
    expect(submitted).toHaveLength(1);
  });

  it('never lets the author approve their own, and does not even check it', async () => {
    await approvals.ask(ticket());
    expect(await approvals.approve('key-0000001', { name: 'alice' })).toEqual({ ok: false, why: 'own' });
    expect(await approvals.approve('key-0000009', rita)).toEqual({ ok: false, why: 'not-found' });
    now = T0 + APPROVAL_TTL_MS;
    expect(await approvals.approve('key-0000001', rita)).toEqual({ ok: false, why: 'expired' });
    expect([check.mock.calls.length, submitted.length]).toEqual([0, 0]);
  });

  it('checks the limits again when approving, and leaves a ticket over them awaiting', async () => {
    await approvals.ask(ticket());
    issues = [{ code: 'maxDayNotional', scope: 'account', name: 'main', limit: '100000', value: '120000' }];
    expect(await approvals.approve('key-0000001', rita)).toEqual({ ok: false, why: 'limits', issues });
    expect((await stores.approvals.get('key-0000001'))?.state).toBe('awaiting');
    expect([submitted.length, audit.length]).toEqual([0, 1]);
    issues = [];
    expect(await approvals.approve('key-0000001', rita)).toMatchObject({ ok: true, sent: true });
  });

  it('gives the reservation back when another decision came first', async () => {
    await approvals.ask(ticket());
    const released: string[] = [];
    const racing = new Approvals({
      store: stores.approvals,
      // The check passes, then a withdrawal lands before the approval's own update.
      check: async (approval) => {
        await stores.approvals.withdraw(approval.id, 'alice', now);
        return { issues: [], release: async () => void released.push(approval.id) };
      },
      submit: async () => 'never',
      audit: () => undefined,
      now: () => now,
    });
    expect(await racing.approve('key-0000001', rita)).toEqual({ ok: false, why: 'decided:withdrawn' });
    expect(released).toEqual(['key-0000001']);
  });

  it('ends an approval failed, saying why, and gives its reservation back, when what it sends is refused for good', async () => {
    await approvals.ask(ticket());
    const released: string[] = [];
    const final = new Approvals({
      store: stores.approvals,
      check: async (approval) => ({ issues: [], release: async () => void released.push(approval.id) }),
      submit: async () => {
        throw new FinalSubmitError('trigger_price: already crossed by the mark');
      },
      audit: (entry) => void audit.push(entry),
      now: () => now,
    });
    const outcome = await final.approve('key-0000001', rita, 'fine');
    expect(outcome).toMatchObject({ ok: false, why: 'failed', approval: { state: 'failed', note: 'fine — trigger_price: already crossed by the mark' } });
    expect(await stores.approvals.approvedUnsent()).toEqual([]);
    // Nothing left: today's use reserved for it is given back.
    expect(released).toEqual(['key-0000001']);
    expect(audit.at(-1)).toMatchObject({ actor: 'proxy', action: 'approval-failed', subject: 'key-0000001', detail: { reason: 'trigger_price: already crossed by the mark' } });
  });

  it('keeps an approval whose sending failed for resubmit, which sends it once', async () => {
    await approvals.ask(ticket());
    submitFails = 'the journal is unavailable';
    expect(await approvals.approve('key-0000001', rita)).toMatchObject({ ok: true, sent: false, error: 'the journal is unavailable', approval: { ticketId: null } });
    expect(log.lines).toEqual(['an approved ticket was not sent yet: it is submitted again with the same key']);
    submitFails = undefined;
    expect(await approvals.resubmit()).toMatchObject([{ ok: true, sent: true, approval: { ticketId: 'ticket-of-key-0000001' } }]);
    expect(await approvals.resubmit()).toEqual([]);
    expect(submitted).toHaveLength(1);
  });

  it('sends even when the audit trail fails, and says so in the log', async () => {
    await approvals.ask(ticket());
    const failing = new Approvals({ store: stores.approvals, check, submit: async () => 't', audit: () => Promise.reject(new Error('down')), log, now: () => now });
    expect(await failing.approve('key-0000001', rita)).toMatchObject({ ok: true, sent: true });
    expect(log.lines).toEqual(['the audit trail did not take a record of an approval']);
  });

  it('audits rejections, withdrawals and expiries', async () => {
    await approvals.ask(ticket('key-0000001'));
    await approvals.ask(ticket('key-0000002'));
    await approvals.ask(ticket('key-0000003'));
    expect(await approvals.reject('key-0000001', rita, 'too large')).toMatchObject({ ok: true, approval: { state: 'rejected', note: 'too large' } });
    expect(await approvals.withdraw('key-0000002', { name: 'rita' })).toEqual({ ok: false, why: 'not-author' });
    expect(await approvals.withdraw('key-0000002', { name: 'alice', address: '10.0.0.1' })).toMatchObject({ ok: true, approval: { state: 'withdrawn' } });
    expect(await approvals.expire(T0 + APPROVAL_TTL_MS - 1)).toEqual([]);
    expect((await approvals.expire(T0 + APPROVAL_TTL_MS)).map((approval) => approval.id)).toEqual(['key-0000003']);
    expect(audit.slice(3).map((entry) => [entry.actor, entry.action, entry.subject, entry.address, entry.detail])).toEqual([
      ['rita', 'rejected', 'key-0000001', '10.0.0.7', { note: 'too large', author: 'alice' }],
      ['alice', 'withdrawn', 'key-0000002', '10.0.0.1', {}],
      ['proxy', 'expired', 'key-0000003', null, { author: 'alice', expiresAt: T0 + APPROVAL_TTL_MS }],
    ]);
  });

  it('sweeps expired approvals on its own until stopped', async () => {
    await approvals.ask(ticket());
    const stop = approvals.sweep(10);
    now = T0 + APPROVAL_TTL_MS;
    await vi.waitFor(async () => expect((await stores.approvals.get('key-0000001'))?.state).toBe('expired'));
    stop();
    await approvals.ask(ticket('key-0000002'));
    now += APPROVAL_TTL_MS;
    await sleep(50);
    expect((await stores.approvals.get('key-0000002'))?.state).toBe('awaiting');
  });
});
