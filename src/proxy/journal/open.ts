import type { Postgres } from '../postgres';
import { openPostgresHeld } from './postgres/held';
import { openPostgresJournal } from './postgres/store';
import { openSqliteJournal } from './sqlite/store';
import type { JournalStore } from './store';

export interface JournalPlace {
  /** The SQLite file (unused with a database). */
  path: string;
  /** Free disk below which the SQLite journal takes no ticket. */
  minFreeBytes?: number;
  /** The desk's database (DATABASE_URL): the journal is there, shared by every proxy on it. */
  postgres?: Postgres | null;
}

/** The journal where the proxy keeps it: the desk's database when there is one, else a SQLite file. */
export function openJournalStore(place: JournalPlace): JournalStore {
  if (place.postgres) return openPostgresJournal(place.postgres, openPostgresHeld(place.postgres));
  return openSqliteJournal(place.path, { minFreeBytes: place.minFreeBytes });
}
