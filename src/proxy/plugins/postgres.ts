import fp from 'fastify-plugin';
import { migratePostgres, openPostgres, type Postgres } from '../postgres';

export interface PostgresPluginOptions {
  /** DATABASE_URL; unset, `app.postgres` is null and every part keeps to its SQLite file. */
  url?: string;
  /** How long a transaction may sit idle before the server ends it (see PostgresOptions). */
  idleInTransactionMs?: number;
}

/**
 * The desk's database, opened once for every part of the proxy that keeps state in it (`app.postgres`),
 * brought to this build's schema before any of them starts, and closed after all of them have. A
 * database with a newer schema stops the start with a message naming both versions.
 */
export const postgresPlugin = fp<PostgresPluginOptions>(
  async (app, options) => {
    if (!options.url) {
      app.decorate('postgres', null);
      return;
    }
    const pg = openPostgres(options.url, { log: app.log, idleInTransactionMs: options.idleInTransactionMs });
    let version: number;
    try {
      version = await migratePostgres(pg);
    } catch (error) {
      await pg.close();
      throw error;
    }
    app.log.info({ database: pg.target, schema: version }, 'the desk database is ready');
    app.decorate('postgres', pg as Postgres | null);
    app.addHook('onClose', async () => pg.close());
  },
  { name: 'postgres' },
);
