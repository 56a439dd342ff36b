import type Database from 'better-sqlite3';
import { WalFlush } from '../journal/sqlite/walFlush';
import type { Approval } from '../../interface';
import {
  APPROVAL_COLUMNS,
  approvalOf,
  DEFAULT_LIST_LIMIT,
  FAILED_NOTE,
  refusalOf,
  type ApprovalFilter,
  type ApprovalRow,
  type ApprovalStore,
  type Decision,
  type NewApproval,
} from './limitsStore';

const COLUMNS = APPROVAL_COLUMNS;

interface Decided {
  id: string;
  who: string;
  now: number;
  note: string | null;
}

/** Approvals in desk.sqlite (the table is made by openSqliteLimits). */
export class SqliteApprovalStore implements ApprovalStore {
  private readonly statements;

  constructor(
    db: Database.Database,
    private readonly flush = new WalFlush(undefined),
  ) {
    this.statements = {
      insert: db.prepare(
        `INSERT INTO approvals (id, kind, account, author, state, notional, body, created_at, expires_at, reason)
         VALUES (?, ?, ?, ?, 'awaiting', ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      ),
      get: db.prepare<[string], ApprovalRow>(`SELECT ${COLUMNS} FROM approvals WHERE id = ?`),
      list: db.prepare<[{ state: string | null; author: string | null; limit: number }], ApprovalRow>(
        `SELECT ${COLUMNS} FROM approvals WHERE (@state IS NULL OR state = @state) AND (@author IS NULL OR author = @author)
         ORDER BY created_at DESC, id DESC LIMIT @limit`,
      ),
      approve: db.prepare<[Decided], ApprovalRow>(
        `UPDATE approvals SET state = 'approved', decided_by = @who, decided_at = @now, note = @note
         WHERE id = @id AND state = 'awaiting' AND expires_at > @now AND author <> @who RETURNING ${COLUMNS}`,
      ),
      reject: db.prepare<[Decided], ApprovalRow>(
        `UPDATE approvals SET state = 'rejected', decided_by = @who, decided_at = @now, note = @note
         WHERE id = @id AND state = 'awaiting' AND expires_at > @now AND author <> @who RETURNING ${COLUMNS}`,
      ),
      withdraw: db.prepare<[Omit<Decided, 'note'>], ApprovalRow>(
        `UPDATE approvals SET state = 'withdrawn', decided_by = @who, decided_at = @now
         WHERE id = @id AND state = 'awaiting' AND expires_at > @now AND author = @who RETURNING ${COLUMNS}`,
      ),
      expire: db.prepare<[{ now: number }], ApprovalRow>(
        `UPDATE approvals SET state = 'expired', decided_at = @now
         WHERE state = 'awaiting' AND expires_at <= @now RETURNING ${COLUMNS}`,
      ),
      markSent: db.prepare(`UPDATE approvals SET ticket_id = ? WHERE id = ? AND state = 'approved' AND ticket_id IS NULL`),
      fail: db.prepare<[string, string], ApprovalRow>(
        `UPDATE approvals SET state = 'failed', note = ? WHERE id = ? AND state = 'approved' AND ticket_id IS NULL RETURNING ${COLUMNS}`,
      ),
      unsent: db.prepare<[], ApprovalRow>(
        `SELECT ${COLUMNS} FROM approvals WHERE state = 'approved' AND ticket_id IS NULL ORDER BY decided_at, id`,
      ),
    };
  }

  async ask(approval: NewApproval): Promise<{ approval: Approval; fresh: boolean }> {
    const { id, kind, account, author, notional, body, createdAt, expiresAt, reason } = approval;
    const fresh = this.statements.insert.run(id, kind, account, author, notional, JSON.stringify(body), createdAt, expiresAt, reason ?? null).changes === 1;
    return this.kept({ approval: approvalOf(this.statements.get.get(id)!), fresh });
  }

  async get(id: string): Promise<Approval | undefined> {
    const row = this.statements.get.get(id);
    return row && approvalOf(row);
  }

  async list(filter: ApprovalFilter = {}): Promise<Approval[]> {
    const state = filter.state === undefined || filter.state === 'all' ? null : filter.state;
    return this.statements.list.all({ state, author: filter.author ?? null, limit: filter.limit ?? DEFAULT_LIST_LIMIT }).map(approvalOf);
  }

  async approve(id: string, by: string, now: number, note: string | null): Promise<Decision> {
    return this.kept(this.decided(this.statements.approve.get({ id, who: by, now, note }), id, by, now, false));
  }

  async reject(id: string, by: string, now: number, note: string | null): Promise<Decision> {
    return this.kept(this.decided(this.statements.reject.get({ id, who: by, now, note }), id, by, now, false));
  }

  async withdraw(id: string, author: string, now: number): Promise<Decision> {
    return this.kept(this.decided(this.statements.withdraw.get({ id, who: author, now }), id, author, now, true));
  }

  async expireDue(now: number): Promise<Approval[]> {
    const expired = this.statements.expire.all({ now }).map(approvalOf);
    return expired.length > 0 ? this.kept(expired) : expired;
  }

  async markSent(id: string, ticketId: string): Promise<boolean> {
    return this.kept(this.statements.markSent.run(ticketId, id).changes === 1);
  }

  async fail(id: string, reason: string): Promise<Approval | undefined> {
    const row = this.statements.get.get(id);
    if (!row) return undefined;
    const failed = this.statements.fail.get(FAILED_NOTE(row.note, reason), id);
    return this.kept(failed && approvalOf(failed));
  }

  /** `value` once the write that made it is on disk (the file is under synchronous = NORMAL). */
  private async kept<T>(value: T | Promise<T>): Promise<T> {
    const result = await value;
    await this.flush.durable();
    return result;
  }

  async approvedUnsent(): Promise<Approval[]> {
    return this.statements.unsent.all().map(approvalOf);
  }

  private decided(row: ApprovalRow | undefined, id: string, who: string, now: number, needsAuthor: boolean): Decision {
    if (row) return { ok: true, approval: approvalOf(row) };
    return { ok: false, why: refusalOf(this.statements.get.get(id), who, now, needsAuthor) };
  }
}
