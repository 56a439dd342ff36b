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

/** The desk's people and audit trail, in the desk's database or in `desk.sqlite`. */
export const peoplePlugin = fp<PeoplePluginOptions>(
  async (app, options) => {
    const store: DeskPeople = app.postgres ? new PostgresPeople(app.postgres) : new SqlitePeople(options.path);
    app.decorate('people', store as PeopleStore);
    app.decorate('audit', store as AuditLog);
    app.addHook('onClose', async () => store.close());
  },
  { name: 'people', dependencies: ['postgres'] },
);
