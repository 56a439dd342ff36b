import fp from 'fastify-plugin';
import type { PreferenceStore } from '../desk/preferences';
import { PostgresPreferenceStore } from '../desk/preferencesPostgres';
import { SqlitePreferenceStore } from '../desk/preferencesSqlite';

export interface PreferencesPluginOptions {
  /** desk.sqlite beside the journal, for a proxy without DATABASE_URL. */
  sqlitePath: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Desk users' settings and workspaces (issue 30): the desk's PostgreSQL, else desk.sqlite. */
    preferences: PreferenceStore;
  }
}

/** The preference store, opened before the routes and closed after them. */
export const preferencesPlugin = fp<PreferencesPluginOptions>(
  async (app, options) => {
    const store: PreferenceStore = app.postgres ? new PostgresPreferenceStore(app.postgres) : new SqlitePreferenceStore(options.sqlitePath);
    app.decorate('preferences', store);
    app.addHook('onClose', async () => store.close());
  },
  { name: 'preferences', dependencies: ['postgres'] },
);
