import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditQuerySchema } from '@/interface';
import { PostgresPeople } from '@/proxy/desk/postgresPeople';
import { migratePostgres, openPostgres, type Postgres } from '@/proxy/postgres';
import { PostgresSessionStore } from '@/proxy/sessions';
import { createDatabase, startPostgres, type PostgresServer } from '../helpers/postgres';

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;

let server: PostgresServer;
const pools: Postgres[] = [];
beforeAll(async () => {
  server = await startPostgres({ database: 'grouped' });
});
afterAll(async () => {
  for (const pool of pools) await pool.close();
  await server?.stop();
});

let databases = 0;
async function place() {
  databases += 1;
  const pg = openPostgres(await createDatabase(server, `grouped_${databases}`));
  pools.push(pg);
  await migratePostgres(pg);
  return { pg, people: new PostgresPeople(pg), sessions: new PostgresSessionStore(pg, 50) };
}

// Each request reads its session (and its user) and each ticket appends an audit record; at 32
// tickets at once those asked together go in one statement. What each is told stays its own.
describe('the desk on PostgreSQL, reads and audit records asked at once', () => {
  it('appends records asked together in one statement, each told its own record, ids in the order asked', async () => {
    const { pg, people } = await place();
    const writes = vi.spyOn(pg, 'writeSoon');
    const entries = Array.from({ length: 20 }, (_, i) => ({ actor: i % 2 ? 'bob' : 'alice', action: 'ticket' as const, subject: `t${i}`, detail: { i } }));
    const records = await Promise.all(entries.map((entry) => people.append(entry)));
    expect(writes.mock.calls.length).toBeLessThan(entries.length);
    expect(records.map((record) => [record.actor, record.subject, record.detail])).toEqual(entries.map((entry) => [entry.actor, entry.subject, entry.detail]));
    const ids = records.map((record) => record.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    const listed = await people.list(auditQuerySchema.parse({ limit: 50 }));
    expect(listed.rows.map((record) => record.subject).reverse()).toEqual(entries.map((entry) => entry.subject));
  });

  it('keeps the others of a group when one record cannot be kept, and refuses that one alone', async () => {
    const { people } = await place();
    // PostgreSQL's text holds no NUL: this one record fails, alone.
    const asked = ['a', 'b\u0000', 'c'].map((subject) => people.append({ actor: 'alice', action: 'ticket', subject }));
    const settled = await Promise.allSettled(asked);
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const listed = await people.list(auditQuerySchema.parse({ limit: 50 }));
    expect(listed.rows.map((record) => record.subject).sort()).toEqual(['a', 'c']);
  });

  it('reads sessions and users asked together in one statement, each its own; a change before a read is seen by it', async () => {
    const { pg, people, sessions } = await place();
    await people.addUser({ name: 'alice', roles: ['trader'], accounts: ['main'] }, NOW);
    await people.addUser({ name: 'bob', roles: ['viewer'], accounts: '*' }, NOW);
    await sessions.save('hash-a', NOW, NOW + HOUR, 'alice');
    await sessions.save('hash-b', NOW, NOW + 2 * HOUR, 'bob');
    const reads = vi.spyOn(pg, 'query');
    const found = await Promise.all(['hash-a', 'hash-b', 'hash-a', 'nobody'].map((idHash) => sessions.find(idHash)));
    expect(found).toEqual([
      { expiresAt: NOW + HOUR, user: 'alice', hasUsers: true },
      { expiresAt: NOW + 2 * HOUR, user: 'bob', hasUsers: true },
      { expiresAt: NOW + HOUR, user: 'alice', hasUsers: true },
      undefined,
    ]);
    const users = await Promise.all(['alice', 'bob', 'carol'].map((name) => people.user(name)));
    expect(users.map((user) => user?.name)).toEqual(['alice', 'bob', undefined]);
    expect(reads.mock.calls.length).toBeLessThanOrEqual(2);

    // Ended and disabled (as another proxy or the desk command would): the next reads see it.
    await sessions.remove('hash-b');
    await people.changeUser('alice', { disabled: true });
    const [sessionB, alice] = await Promise.all([sessions.find('hash-b'), people.user('alice')]);
    expect(sessionB).toBeUndefined();
    expect(alice?.disabled).toBe(true);
  });
});
