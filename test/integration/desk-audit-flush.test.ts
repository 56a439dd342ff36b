import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openSqliteLimits } from '@/proxy/desk/sqliteLimits';
import { SqlitePeople } from '@/proxy/desk/sqlitePeople';
import { WalFlush } from '@/proxy/journal/sqlite/walFlush';
import { tempDir } from '../helpers/stack';

/**
 * desk.sqlite under synchronous = NORMAL: a change of people or links is on disk when it resolves
 * (its flush of the -wal is counted before), an audit record is committed at once and flushed a
 * moment later, once for a burst, and never by an fsync on the event loop (the proxy's tickets
 * waited on it).
 */
describe('the desk files on disk', () => {
  it('flushes a change of people before it resolves, and a burst of audit records once, a moment later', async () => {
    const people = new SqlitePeople(join(tempDir(), 'desk.sqlite'));
    expect(people.db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    const before = people.flush.flushes;
    await people.addUser({ name: 'ana', roles: ['trader'], accounts: ['main'] }, 1);
    expect(people.flush.flushes).toBe(before + 1);
    await people.changeUser('ana', { disabled: true });
    expect(people.flush.flushes).toBe(before + 2);

    const afterPeople = people.flush.flushes;
    for (let n = 0; n < 20; n++) await people.append({ actor: 'ana', action: 'ticket', subject: `t-${n}`, detail: { n } });
    // Committed at once: another connection reads every record before any flush.
    expect(people.flush.flushes).toBe(afterPeople);
    const reader = new Database(people.db.name, { readonly: true });
    expect(reader.prepare('SELECT count(*) AS n FROM audit').get()).toEqual({ n: 20 });
    reader.close();
    await expect.poll(() => people.flush.flushes, { timeout: 2_000, interval: 10 }).toBe(afterPeople + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(people.flush.flushes).toBe(afterPeople + 1);
    await people.close();
  });

  it('flushes a day\'s use reserved before the ticket goes, and nothing for a refusal; an approval asked the same', async () => {
    const stores = openSqliteLimits(join(tempDir(), 'desk.sqlite'));
    const scopes = [{ scope: 'user' as const, name: 'ana', max: '100' }];
    const before = stores.flush.flushes;
    expect(await stores.limits.reserve('2026-11-27', scopes, '60')).toEqual({ ok: true });
    expect(stores.flush.flushes).toBe(before + 1);
    expect(await stores.limits.reserve('2026-11-27', scopes, '60')).toMatchObject({ ok: false });
    expect(stores.flush.flushes).toBe(before + 1);
    await stores.approvals.ask({ id: 'k-1', kind: 'ticket', account: 'main', author: 'ana', notional: '60', body: {}, createdAt: 1, expiresAt: 2 });
    expect(stores.flush.flushes).toBe(before + 2);
    await stores.close();
  });

  it('keeps committed audit records when the process is killed before the flush', () => {
    const dir = tempDir();
    const path = join(dir, 'desk.sqlite');
    // A child appends and is killed at once (SIGKILL), inside the 50 ms before its flush.
    const script = `
      import { SqlitePeople } from './src/proxy/desk/sqlitePeople.ts';
      const people = new SqlitePeople(${JSON.stringify(path)});
      for (let n = 0; n < 5; n++) await people.append({ actor: 'bot', action: 'ticket', subject: 'k-' + n });
      process.kill(process.pid, 'SIGKILL');`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: join(import.meta.dirname, '..', '..') });
    expect(child.signal).toBe('SIGKILL');
    const reopened = new SqlitePeople(path);
    expect(reopened.db.prepare('SELECT subject FROM audit ORDER BY id').all()).toEqual([0, 1, 2, 3, 4].map((n) => ({ subject: `k-${n}` })));
    void reopened.close();
  });

  it('shares flushes between writes made while one is under way: a burst costs two, each write on disk when it resolves', async () => {
    const stores = openSqliteLimits(join(tempDir(), 'desk.sqlite'));
    const scopes = (n: number) => [{ scope: 'user' as const, name: `u${n}`, max: '100' }];
    const before = stores.flush.flushes;
    const reserved = await Promise.all(Array.from({ length: 12 }, (_, n) => stores.limits.reserve('2026-11-27', scopes(n), '1')));
    expect(reserved.every((answer) => answer.ok)).toBe(true);
    expect(stores.flush.flushes - before).toBe(2);
    // The next write, alone, has its own.
    await stores.limits.reserve('2026-11-27', scopes(0), '1');
    expect(stores.flush.flushes - before).toBe(3);
    await stores.close();
  });

  it('has nothing to flush, and says nothing, before its -wal exists; a close waits for the flush under way', async () => {
    const dir = tempDir();
    const flush = new WalFlush(join(dir, 'none.sqlite-wal'));
    await expect(flush.durable()).resolves.toBeUndefined();
    expect(flush.flushes).toBe(0);

    const path = join(dir, 'desk.sqlite');
    const people = new SqlitePeople(path);
    await people.append({ actor: 'bot', action: 'ticket', subject: 'x' });
    const pending = people.flush.durable();
    await people.close();
    await expect(pending).resolves.toBeUndefined();
    // The last connection's close checkpoints the -wal into the database and removes it.
    expect(existsSync(`${path}-wal`)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});
