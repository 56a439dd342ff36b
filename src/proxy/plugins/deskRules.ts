import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { batchOrderRequestSchema, heldOrderRequestSchema, may, type Approval, type OrderRequest } from '../../interface';
import { APPROVAL_TTL_MS, Approvals, FinalSubmitError, type ApprovalCheck } from '../desk/approvals';
import { heldAtMark } from '../desk/gate';
import type { ApprovalStore, LimitsStore } from '../desk/limitsStore';
import { PostgresApprovalStore } from '../desk/postgresApprovals';
import { PostgresLimitsStore } from '../desk/postgresLimits';
import { DeskRules } from '../desk/rules';
import { openSqliteLimits } from '../desk/sqliteLimits';
import { OneAtATime } from '../http/oneAtATime';

export interface DeskRulesPluginOptions {
  /** `desk.sqlite` beside the journal; not used when the desk's database (`app.postgres`) is open. */
  sqlitePath: string;
  /** APPROVAL_TTL in ms (default 10 minutes). */
  approvalTtlMs?: number;
  /** How often an approved ticket not yet sent is submitted again (default 30 s). */
  resubmitEveryMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Limits and today's use of them (issue 30). */
    limits: LimitsStore;
    deskRules: DeskRules;
    approvals: Approvals;
    /** A ticket's, held order's or bracket's key through the rules and its journaling, one request at a time. */
    sameKey: OneAtATime;
  }
}

/** The orders an approval would send, as its body says (checked when it was asked); a held order at the mark now. */
async function ordersOfApproval(app: FastifyInstance, approval: Approval): Promise<OrderRequest[]> {
  if (approval.kind === 'held') return [await heldAtMark(app, heldOrderRequestSchema.parse(approval.body))];
  return batchOrderRequestSchema.parse(approval.body).orders;
}

/**
 * The desk's limits and four-eyes approval (issue 30), wired to the journal, the held orders and
 * the senders: the rules read limits, marks and today's use fresh for every ticket; an approval is
 * checked again against fresh data when a risk user approves it, then sent with its own id as the
 * idempotency key (so it is sent once, whichever proxy took the approval); approvals past
 * APPROVAL_TTL expire; one approved and not yet sent (a crash between) is submitted again.
 */
/**
 * Sends an approved ticket or held order for its author: refused for good when the author may no
 * longer trade the account, when trading is off (the kill switch as it is now, at each attempt), or
 * when it was approved longer ago than `resendWithinMs` and never sent (its prices aged).
 */
export function submitter(app: FastifyInstance, rules: DeskRules, resendWithinMs: number) {
  return async (approval: Approval): Promise<string> => {
    const author = await app.people.user(approval.author);
    if (!author || author.disabled || !may({ ...author, implicit: false }, 'trade', approval.account)) {
      throw new FinalSubmitError(`${approval.author} may no longer trade account ${approval.account} (removed, disabled or changed)`);
    }
    // Journaled already (a crash before it was marked sent): what went out is answered, whatever now.
    if (approval.kind === 'held') {
      const armed = await app.journal.held.byIdempotencyKey(approval.id);
      if (armed) return armed.id;
    } else if (await app.journal.findTicket(approval.id)) return approval.id;
    // Each submission, the first and every one again after a passing failure, meets the kill
    // switch as it is now, and an approval is not sent long after it was given: its prices aged.
    const halted = await rules.tradingOff(approval.author, approval.account);
    if (halted) throw new FinalSubmitError(`${halted}: not sent`);
    if (approval.decidedAt !== null && Date.now() - approval.decidedAt > resendWithinMs) {
      throw new FinalSubmitError(`approved ${Math.round((Date.now() - approval.decidedAt) / 60_000)} min ago and not sent since: not sent; ask again`);
    }
    if (approval.kind === 'held') {
      const outcome = await app.held.arm(heldOrderRequestSchema.parse(approval.body), approval.id, approval.account, approval.author);
      if (outcome.kind === 'armed') return outcome.order.id;
      // A full journal passes; anything else about the order itself will not change by trying again.
      if (outcome.status === 507) throw new Error(outcome.message);
      throw new FinalSubmitError(outcome.message);
    }
    const outcome = await app.sender.submit({
      id: approval.id,
      orders: batchOrderRequestSchema.parse(approval.body).orders,
      owner: `approval:${approval.id}`,
      account: approval.account,
      placedBy: approval.author,
      approvedBy: approval.decidedBy ?? undefined,
    });
    if (outcome.kind === 'done') return outcome.result.ticket_id;
    if (outcome.kind === 'conflict') throw new FinalSubmitError(outcome.message);
    throw new Error(outcome.message);
  };
}

export const deskRulesPlugin = fp<DeskRulesPluginOptions>(
  async (app, options) => {
    let limits: LimitsStore;
    let store: ApprovalStore;
    if (app.postgres) {
      limits = new PostgresLimitsStore(app.postgres, app.log);
      store = new PostgresApprovalStore(app.postgres);
    } else {
      const opened = openSqliteLimits(options.sqlitePath, app.log);
      [limits, store] = [opened.limits, opened.approvals];
      app.addHook('onClose', async () => opened.close());
    }
    const rules = new DeskRules({
      limits,
      freshMark: async (symbol) => (await app.held.freshMark(symbol))?.mark,
      openHeld: (scope, name) => (scope === 'account' ? app.journal.held.countLive(name) : app.journal.held.countLivePlacedBy(name)),
      sentAlready: async (key, kind) =>
        kind === 'held' ? (await app.journal.held.byIdempotencyKey(key)) !== undefined : (await app.journal.findTicket(key)) !== undefined,
    });

    const check = async (approval: Approval): Promise<ApprovalCheck> => {
      // Journaled already (its key's twin was sent): the submitter answers it as sent; nothing to reserve again.
      if (await rules.sentAlready(approval.id, approval.kind)) return { issues: [] };
      const judged = await rules.judge({
        user: approval.author,
        account: approval.account,
        orders: await ordersOfApproval(app, approval),
        heldAdding: approval.kind === 'held' ? 1 : 0,
      });
      if (judged.issues.length > 0) return { issues: judged.issues };
      // Approved: counted against today's use, not against the approval-free day (judged.scopes hold none).
      const over = await rules.reserve(judged);
      if (over === undefined) return { issues: [], release: () => rules.release(judged) };
      if (over === 'approval') throw new Error('an approved ticket was reserved against the approval-free day');
      return { issues: [over] };
    };

    const submit = submitter(app, rules, options.approvalTtlMs ?? APPROVAL_TTL_MS);

    const approvals = new Approvals({
      store,
      check,
      submit,
      audit: async (entry) => void (await app.audit.append(entry)),
      log: app.log,
      ttlMs: options.approvalTtlMs,
    });
    app.decorate('limits', limits);
    app.decorate('deskRules', rules);
    app.decorate('approvals', approvals);
    app.decorate('sameKey', new OneAtATime());

    const resubmit = () =>
      approvals.resubmit().catch((error: unknown) => app.log.warn({ error: String(error) }, 'approvals: resubmitting approved tickets failed; the next turn tries again'));
    const stopSweep = approvals.sweep();
    const timer = setInterval(() => void resubmit(), options.resubmitEveryMs ?? 30_000);
    timer.unref();
    app.addHook('onReady', async () => void resubmit());
    app.addHook('preClose', async () => {
      stopSweep();
      clearInterval(timer);
    });
  },
  { name: 'deskRules', dependencies: ['postgres', 'journal', 'people', 'sender', 'held'] },
);
