import type { Approval, AuditRecord, LimitIssue } from '../../interface';
import type { ApprovalFilter, ApprovalStore, DecisionRefusal, DeskLog, NewApproval } from './limitsStore';

/** How long an approval waits for a risk user before it expires (APPROVAL_TTL): 10 minutes. */
export const APPROVAL_TTL_MS = 10 * 60_000;

/**
 * Tickets one author may have awaiting approval at once: past it a new one is refused, so one
 * trader cannot bury the others' requests under hundreds of their own (a risk user's list holds
 * the newest 500).
 */
export const MAX_AWAITING_PER_AUTHOR = 20;

/** One record for the audit trail (its id is the trail's to give; without `at`, the store dates it). */
export type AuditEntry = Omit<AuditRecord, 'id' | 'at'> & { at?: number };

/** Who acts, and from which address (null from the command line or the proxy itself). */
export interface Actor {
  name: string;
  address?: string | null;
}

export interface ApprovalsOptions {
  store: ApprovalStore;
  /**
   * The limits an approval breaks now, against fresh data (today's use, open held orders, marks).
   * None broken: what it will send is reserved against today's use, and `release` gives that back
   * when the approval is not taken after all (another decision came first).
   */
  check(approval: Approval): Promise<ApprovalCheck>;
  /**
   * Sends an approved ticket or held order with the approval's id as its idempotency key, and
   * resolves to the ticket (or held order) id once it is journaled, whatever the service answers.
   * Rejects when it may not have been: then it is submitted again by resubmit(), harmlessly; with
   * a FinalSubmitError when it was refused for good (the approval ends `failed`, saying why).
   */
  submit(approval: Approval): Promise<string>;
  audit(entry: AuditEntry): Promise<void> | void;
  log?: DeskLog;
  now?: () => number;
  ttlMs?: number;
}

export type ApproveOutcome =
  | { ok: true; approval: Approval; sent: true }
  /** Approved, but not sent yet: `error` says why; resubmit() sends it. */
  | { ok: true; approval: Approval; sent: false; error: string }
  | { ok: false; why: DecisionRefusal }
  /** Over a limit now: refused, and still awaiting (a risk user may approve once there is room). */
  | { ok: false; why: 'limits'; issues: LimitIssue[] }
  /** Approved, then refused for good when submitted: ended `failed`. */
  | { ok: false; why: 'failed'; message: string; approval: Approval };

export type Decided = { ok: true; approval: Approval } | { ok: false; why: DecisionRefusal };

export interface ApprovalCheck {
  issues: LimitIssue[];
  release?: () => Promise<void>;
}

/** What an approval would send was refused for good (a held order whose trigger is crossed now): resubmitting cannot help. */
export class FinalSubmitError extends Error {}

/** An approval asked again with the same id but another body or author: the key is taken. */
export class ApprovalKeyTakenError extends Error {}

/**
 * Four-eyes approval (issue 30): asks, decisions and expiry over an ApprovalStore, each decision
 * audited. The limit check, the submission and the audit trail are injected, so the proxy wires
 * them (and tests can watch them).
 */
export class Approvals {
  readonly ttlMs: number;
  private readonly now: () => number;
  private readonly clockGiven: boolean;

  constructor(private readonly options: ApprovalsOptions) {
    this.now = options.now ?? Date.now;
    this.clockGiven = options.now !== undefined;
    this.ttlMs = options.ttlMs ?? APPROVAL_TTL_MS;
  }

  /** Keeps a ticket over its author's threshold as awaiting; the same id asked again returns it. */
  async ask(input: Omit<NewApproval, 'createdAt' | 'expiresAt'>, address: string | null = null): Promise<{ approval: Approval; fresh: boolean }> {
    const now = this.now();
    const asked = await this.options.store.ask({ ...input, createdAt: now, expiresAt: now + this.ttlMs });
    const stored = asked.approval;
    if (!asked.fresh && (stored.author !== input.author || JSON.stringify(stored.body) !== JSON.stringify(input.body))) {
      throw new ApprovalKeyTakenError(`idempotency key ${input.id} was already used for another ticket`);
    }
    if (asked.fresh) {
      const why = stored.reason ? { reason: stored.reason } : {};
      await this.record(input.author, address, 'approval-asked', stored, { kind: stored.kind, account: stored.account, notional: stored.notional, expiresAt: stored.expiresAt, ...why });
    }
    return asked;
  }

  /**
   * Approves and sends: refused without a write when it is the approver's own, decided or expired;
   * refused, still awaiting, when it breaks a limit now; else one conditional update decides (a
   * racing expiry, withdrawal or second approver finds it decided) and it is submitted.
   */
  async approve(id: string, approver: Actor, note: string | null = null): Promise<ApproveOutcome> {
    const { store } = this.options;
    const approval = await store.get(id);
    const early = approval === undefined ? 'not-found' : earlyRefusal(approval, approver.name, this.now());
    if (early !== undefined || approval === undefined) return { ok: false, why: early ?? 'not-found' };
    const { issues, release } = await this.options.check(approval);
    if (issues.length > 0) return { ok: false, why: 'limits', issues };
    const decision = await store.approve(id, approver.name, this.now(), note);
    if (!decision.ok) {
      await release?.();
      return decision;
    }
    await this.record(approver.name, approver.address ?? null, 'approved', decision.approval, { note, notional: approval.notional, author: approval.author });
    return this.send(decision.approval, release);
  }

  get(id: string): Promise<Approval | undefined> {
    return this.options.store.get(id);
  }

  /** Whether `author` already has MAX_AWAITING_PER_AUTHOR approvals awaiting (their time not yet up). */
  async authorIsFull(author: string): Promise<boolean> {
    const now = this.now();
    const awaiting = await this.options.store.list({ state: 'awaiting', author, limit: MAX_AWAITING_PER_AUTHOR + 1 });
    return awaiting.filter((approval) => approval.expiresAt > now).length >= MAX_AWAITING_PER_AUTHOR;
  }

  list(filter: ApprovalFilter): Promise<Approval[]> {
    return this.options.store.list(filter);
  }

  async reject(id: string, by: Actor, note: string | null = null): Promise<Decided> {
    const decision = await this.options.store.reject(id, by.name, this.now(), note);
    if (decision.ok) await this.record(by.name, by.address ?? null, 'rejected', decision.approval, { note, author: decision.approval.author });
    return decision;
  }

  /** Only the author withdraws, and only while it awaits. */
  async withdraw(id: string, author: Actor): Promise<Decided> {
    const decision = await this.options.store.withdraw(id, author.name, this.now());
    if (decision.ok) await this.record(author.name, author.address ?? null, 'withdrawn', decision.approval, {});
    return decision;
  }

  /** Ends every approval whose time is up (the sweeper's turn); returns those it ended. */
  async expire(now = this.now()): Promise<Approval[]> {
    const expired = await this.options.store.expireDue(now);
    for (const approval of expired) {
      await this.record('proxy', null, 'expired', approval, { author: approval.author, expiresAt: approval.expiresAt });
    }
    return expired;
  }

  /**
   * Sends what was approved and never marked sent (a crash, or a failed submission): at start, and
   * whenever the lead's wiring chooses. The approval's id is the ticket's key, so a ticket that did
   * go out is found by it and not sent twice.
   */
  async resubmit(): Promise<ApproveOutcome[]> {
    const outcomes: ApproveOutcome[] = [];
    for (const approval of await this.options.store.approvedUnsent()) outcomes.push(await this.send(approval));
    return outcomes;
  }

  /** Runs expire() every `everyMs` until the returned function is called. */
  sweep(everyMs = 5000): () => void {
    const timer = setInterval(() => {
      this.expire().catch((error: unknown) => this.options.log?.warn({ error: String(error) }, 'approvals: the expiry sweep failed; next turn tries again'));
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** `release` gives back today's use reserved for it, when it is refused for good (nothing left). */
  private async send(approval: Approval, release?: () => Promise<void>): Promise<ApproveOutcome> {
    try {
      const ticketId = await this.options.submit(approval);
      await this.options.store.markSent(approval.id, ticketId);
      return { ok: true, approval: { ...approval, ticketId }, sent: true };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof FinalSubmitError) {
        const failed = await this.options.store.fail(approval.id, message);
        await release?.();
        if (failed) await this.record('proxy', null, 'approval-failed', failed, { author: approval.author, reason: message });
        return { ok: false, why: 'failed', message, approval: failed ?? approval };
      }
      this.options.log?.warn({ approval: approval.id, error: message }, 'an approved ticket was not sent yet: it is submitted again with the same key');
      return { ok: true, approval, sent: false, error: message };
    }
  }

  /**
   * The store's row already says who decided and when: an audit trail that fails to write is
   * logged, and does not undo or hold back a decision made.
   */
  private async record(actor: string, address: string | null, action: AuditEntry['action'], approval: Approval, detail: Record<string, unknown>): Promise<void> {
    try {
      // Dated by the store (on PostgreSQL the database's clock, which every proxy of the desk shares),
      // unless a clock was given (tests).
      const at = this.clockGiven ? { at: this.now() } : {};
      await this.options.audit({ ...at, actor, action, subject: approval.id, address, detail });
    } catch (error) {
      this.options.log?.warn({ approval: approval.id, action, error: String(error) }, 'the audit trail did not take a record of an approval');
    }
  }
}

/** Why not, before any write or check: the store's conditional update would refuse it too. */
function earlyRefusal(approval: Approval, approver: string, now: number): DecisionRefusal | undefined {
  if (approval.state !== 'awaiting') return `decided:${approval.state}`;
  if (approval.author === approver) return 'own';
  if (approval.expiresAt <= now) return 'expired';
  return undefined;
}
