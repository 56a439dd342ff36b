import type { Approval } from '../../interface';
import type { Postgres } from '../postgres/database';
import {
  APPROVAL_COLUMNS,
  approvalOf,
  DEFAULT_LIST_LIMIT,
  refusalOf,
  type ApprovalFilter,
  type ApprovalRow,
  type ApprovalStore,
  type Decision,
  type NewApproval,
} from './limitsStore';

const COLUMNS = APPROVAL_COLUMNS;

/**
 * Approvals in the desk's PostgreSQL (limitsMigration.ts), shared by every proxy: each decision is
 * one UPDATE whose WHERE holds every condition, so whichever proxy's statement comes first decides
 * and the others find the row decided.
 */
export class PostgresApprovalStore implements ApprovalStore {
  constructor(private readonly pg: Postgres) {}

  async ask(approval: NewApproval): Promise<{ approval: Approval; fresh: boolean }> {
    const { id, kind, account, author, notional, body, createdAt, expiresAt, reason } = approval;
    const inserted = await this.pg.query(
      `INSERT INTO approvals (id, kind, account, author, state, notional, body, created_at, expires_at, reason)
       VALUES ($1, $2, $3, $4, 'awaiting', $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
      [id, kind, account, author, notional, JSON.stringify(body), createdAt, expiresAt, reason ?? null],
    );
    const stored = await this.row(id);
    return { approval: approvalOf(stored!), fresh: inserted.rowCount === 1 };
  }

  async get(id: string): Promise<Approval | undefined> {
    const row = await this.row(id);
    return row && approvalOf(row);
  }

  async list(filter: ApprovalFilter = {}): Promise<Approval[]> {
    const state = filter.state === undefined || filter.state === 'all' ? null : filter.state;
    const { rows } = await this.pg.query<ApprovalRow>(
      `SELECT ${COLUMNS} FROM approvals WHERE ($1::text IS NULL OR state = $1) AND ($2::text IS NULL OR author = $2)
       ORDER BY created_at DESC, id DESC LIMIT $3`,
      [state, filter.author ?? null, filter.limit ?? DEFAULT_LIST_LIMIT],
    );
    return rows.map(approvalOf);
  }

  approve(id: string, by: string, now: number, note: string | null): Promise<Decision> {
    return this.decide(
      `UPDATE approvals SET state = 'approved', decided_by = $2, decided_at = $3, note = $4
       WHERE id = $1 AND state = 'awaiting' AND expires_at > $3 AND author <> $2 RETURNING ${COLUMNS}`,
      [id, by, now, note],
      false,
    );
  }

  reject(id: string, by: string, now: number, note: string | null): Promise<Decision> {
    return this.decide(
      `UPDATE approvals SET state = 'rejected', decided_by = $2, decided_at = $3, note = $4
       WHERE id = $1 AND state = 'awaiting' AND expires_at > $3 AND author <> $2 RETURNING ${COLUMNS}`,
      [id, by, now, note],
      false,
    );
  }

  withdraw(id: string, author: string, now: number): Promise<Decision> {
    return this.decide(
      `UPDATE approvals SET state = 'withdrawn', decided_by = $2, decided_at = $3
       WHERE id = $1 AND state = 'awaiting' AND expires_at > $3 AND author = $2 RETURNING ${COLUMNS}`,
      [id, author, now],
      true,
    );
  }

  async expireDue(now: number): Promise<Approval[]> {
    const { rows } = await this.pg.query<ApprovalRow>(
      `UPDATE approvals SET state = 'expired', decided_at = $1 WHERE state = 'awaiting' AND expires_at <= $1 RETURNING ${COLUMNS}`,
      [now],
    );
    return rows.map(approvalOf);
  }

  async fail(id: string, reason: string): Promise<Approval | undefined> {
    const { rows } = await this.pg.query<ApprovalRow>(
      `UPDATE approvals SET state = 'failed', note = CASE WHEN note IS NULL OR note = '' THEN $2 ELSE left(note || ' — ' || $2, 1000) END
       WHERE id = $1 AND state = 'approved' AND ticket_id IS NULL RETURNING ${COLUMNS}`,
      [id, reason.slice(0, 1000)],
    );
    return rows[0] && approvalOf(rows[0]);
  }

  async markSent(id: string, ticketId: string): Promise<boolean> {
    const { rowCount } = await this.pg.query(
      "UPDATE approvals SET ticket_id = $2 WHERE id = $1 AND state = 'approved' AND ticket_id IS NULL",
      [id, ticketId],
    );
    return rowCount === 1;
  }

  async approvedUnsent(): Promise<Approval[]> {
    const { rows } = await this.pg.query<ApprovalRow>(
      `SELECT ${COLUMNS} FROM approvals WHERE state = 'approved' AND ticket_id IS NULL ORDER BY decided_at, id`,
    );
    return rows.map(approvalOf);
  }

  private async row(id: string): Promise<ApprovalRow | undefined> {
    const { rows } = await this.pg.query<ApprovalRow>(`SELECT ${COLUMNS} FROM approvals WHERE id = $1`, [id]);
    return rows[0];
  }

  private async decide(text: string, params: [string, string, number, ...unknown[]], needsAuthor: boolean): Promise<Decision> {
    const { rows } = await this.pg.query<ApprovalRow>(text, params);
    if (rows[0]) return { ok: true, approval: approvalOf(rows[0]) };
    const [id, who, now] = params;
    return { ok: false, why: refusalOf(await this.row(id), who, now, needsAuthor) };
  }
}
