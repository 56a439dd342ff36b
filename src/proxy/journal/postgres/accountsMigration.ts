/**
 * The desk's schema for several accounts (issue 30), one entry of postgres/migrations.ts: each
 * ticket and held order names the account it is signed for (a database from before had the one
 * account, now named "main"), who placed a ticket or held order and who approved a ticket. Order rows read them from
 * their ticket. A desk's sender takes over one account at a time: its recovery and its look for
 * pending tickets go through the account's tickets.
 */
export const accountsMigration = `
ALTER TABLE tickets ADD COLUMN account text NOT NULL DEFAULT 'main';
ALTER TABLE tickets ADD COLUMN placed_by text;
ALTER TABLE tickets ADD COLUMN approved_by text;
ALTER TABLE held_orders ADD COLUMN account text NOT NULL DEFAULT 'main';
ALTER TABLE held_orders ADD COLUMN placed_by text;
`;
