import type { BracketJournal, HeldJournal, JournalStore } from '../store';
import { SqliteJournal } from './journal';

type Method = (...args: never[]) => unknown;
type Lifted<T, K extends keyof T> = { [P in K]: T[P] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never };

/**
 * The named methods of `target` as promises. A throw becomes a rejection, so a caller sees an
 * error of the SQLite store exactly where it would see one of PostgreSQL's.
 */
function lift<T extends object, K extends keyof T>(target: T, names: readonly K[]): Lifted<T, K> {
  const lifted = {} as Record<K, unknown>;
  for (const name of names) {
    const method = target[name] as Method;
    lifted[name] = (...args: never[]) => {
      try {
        return Promise.resolve(method.apply(target, args));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    };
  }
  return lifted as Lifted<T, K>;
}

/**
 * The SQLite journal behind the store's interface: one process owns the file, so the work itself
 * stays synchronous (better-sqlite3 and a group commit per turn of the event loop) and only its
 * face is a promise. Nothing awaits inside a write: each is as atomic as before.
 */
export function openSqliteJournal(path: string, options: { minFreeBytes?: number } = {}): JournalStore & { readonly path: string; readonly flushes: number } {
  const journal = new SqliteJournal(path, options);
  const { held } = journal;
  const heldFace: HeldJournal = {
    ...lift(held, ['row', 'get', 'byIdempotencyKey', 'live', 'countLive', 'countLivePlacedBy', 'list', 'arm', 'cancel', 'liveIdsOf', 'change', 'setBestMark']),
    twap: lift(held.twap, ['slice', 'pass', 'end', 'change', 'liveSliceMs']),
    rearm: lift(held.rearm, ['unsent', 'rearmIfNotSent', 'askCancelFired', 'keepCancelled']),
    firing: lift(held.firing, ['fire']),
  };
  const brackets: BracketJournal = lift(journal.brackets, ['awaiting', 'arm', 'cancel']);
  const face = lift(journal, [
    'recover', 'checkDisk', 'findTicket', 'createTicket', 'durable', 'markSent', 'recordAnswer', 'recordRequestOutcome',
    'firstProblem', 'ticketResult', 'listOrders', 'countLive', 'pruneFinished', 'close',
    'pendingTickets', 'requestStates',
  ]);
  return {
    kind: 'sqlite',
    path,
    ...face,
    // durable() is already a promise: lifted, a failed flush would be wrapped twice.
    durable: () => journal.durable(),
    flushSoon: () => journal.flushSoon(),
    get flushes() {
      return journal.flushes;
    },
    onBackgroundError: (listener) => {
      journal.onBackgroundError = listener;
    },
    held: heldFace,
    brackets,
  };
}
