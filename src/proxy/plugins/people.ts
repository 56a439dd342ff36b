import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditLog, DeskPeople, PeopleStore } from '../desk/people';
import { PostgresPeople } from '../desk/postgresPeople';
import { SqlitePeople } from '../desk/sqlitePeople';

export interface PeoplePluginOptions {
  /** `desk.sqlite` beside the journal; not used when the desk's database (`app.postgres`) is open. */
  path: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The desk's users and their login links (issue 30); none: single-token mode. */
    people: PeopleStore;
    /** The append-only audit trail. */
    audit: AuditLog;
  }
}

function sqlitePeople(app: FastifyInstance, path: string): SqlitePeople {
  const store = new SqlitePeople(path);
  store.onBackgroundError = (error) => app.log.error({ err: { message: error.message } }, 'the audit trail could not be flushed to disk');
  return store;
}

/** The desk's people and audit trail, in the desk's database or in `desk.sqlite`. */
export const peoplePlugin = fp<PeoplePluginOptions>(
  async (app, options) => {
    const store: DeskPeople = app.postgres ? new PostgresPeople(app.postgres) : sqlitePeople(app, options.path);
    app.decorate('people', store as PeopleStore);
    app.decorate('audit', store as AuditLog);
    app.addHook('onClose', async () => store.close());
  },
  { name: 'people', dependencies: ['postgres'] },
);
