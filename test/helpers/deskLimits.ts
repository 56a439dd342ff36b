import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { ApprovalStore, DeskLog, LimitsStore } from '@/proxy/desk/limitsStore';
import { PostgresApprovalStore } from '@/proxy/desk/postgresApprovals';
import { PostgresLimitsStore } from '@/proxy/desk/postgresLimits';
import { openSqliteLimits } from '@/proxy/desk/sqliteLimits';
import type { Postgres } from '@/proxy/postgres';
import { tempDir } from './stack';

/** The stores over one place (a desk.sqlite, the desk's database): open twice is a restart or a second proxy. */
export interface DeskPlace {
  open(log?: DeskLog): { limits: LimitsStore; approvals: ApprovalStore; close(): Promise<void> };
  /** Runs raw SQL on the place, as a careless hand would (`?` placeholders, rewritten for PostgreSQL). */
  raw(sql: string, params: unknown[]): Promise<void>;
  close(): Promise<void>;
}

export type DeskAdapter = [name: string, place: (pg: () => Postgres) => Promise<DeskPlace>];

export const deskAdapters: DeskAdapter[] = [
  [
    'SQLite',
    async () => {
      const path = join(tempDir('desk-limits-'), 'desk.sqlite');
      const opened: (() => Promise<void>)[] = [];
      return {
        open: (log) => {
          const stores = openSqliteLimits(path, log);
          opened.push(stores.close);
          return stores;
        },
        raw: async (sql, params) => {
          const db = new Database(path);
          db.prepare(sql).run(...params);
          db.close();
        },
        close: async () => {
          for (const close of opened.splice(0)) await close();
        },
      };
    },
  ],
  [
    'PostgreSQL',
    async (pg) => {
      await pg().query('TRUNCATE limit_sets, day_usage, approvals');
      // Eight connections open at once: concurrent calls then really run side by side.
      await Promise.all(Array.from({ length: 8 }, () => pg().query('SELECT 1')));
      return {
        open: (log) => ({ limits: new PostgresLimitsStore(pg(), log), approvals: new PostgresApprovalStore(pg()), close: async () => {} }),
        raw: async (sql, params) => {
          let n = 0;
          await pg().query(sql.replace(/\?/g, () => `$${++n}`), params);
        },
        close: async () => {},
      };
    },
  ],
];

/** A logger that keeps what it is told. */
export function keptLog(): DeskLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, warn: (_fields, message) => void lines.push(message) };
}
