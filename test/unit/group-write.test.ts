import { describe, expect, it } from 'vitest';
import { GroupWrite, ItemFailed, WRITE_ALONE } from '@/proxy/postgres/groupWrite';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GroupWrite alone (no database): what it promises every item whatever the group function does. Its
 * writes to a real PostgreSQL are in test/integration/postgres-group-commit.test.ts and
 * postgres-group-attack*.test.ts.
 */
describe('a group write', () => {
  it('a group function answering fewer results than items has each item written alone', async () => {
    const alone: number[] = [];
    const writes = new GroupWrite<number, string>(async (items) => items.slice(1).map(String), async (item) => {
      alone.push(item);
      return `alone ${item}`;
    });
    const results = await Promise.all([writes.write(1), writes.write(2), writes.write(3)]);
    expect(results).toEqual(['alone 1', 'alone 2', 'alone 3']);
    expect(alone).toEqual([1, 2, 3]);
  });

  it('an item answered WRITE_ALONE is written alone, one answered ItemFailed is refused, and the others stand', async () => {
    const writes = new GroupWrite<number, string>(
      async (items) => items.map((item) => (item === 2 ? WRITE_ALONE : item === 3 ? new ItemFailed(new Error('three failed')) : `group ${item}`)),
      async (item) => `alone ${item}`,
    );
    const results = await Promise.allSettled([1, 2, 3, 4].map((item) => writes.write(item)));
    expect(results).toEqual([
      { status: 'fulfilled', value: 'group 1' },
      { status: 'fulfilled', value: 'alone 2' },
      { status: 'rejected', reason: new Error('three failed') },
      { status: 'fulfilled', value: 'group 4' },
    ]);
  });

  it('a group slower than its grace (waiting on a lock) does not hold back the next group', async () => {
    let release: () => void = () => undefined;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const groups: number[][] = [];
    const writes = new GroupWrite<number, number>(
      async (items) => {
        groups.push([...items]);
        if (items.includes(1)) await stuck;
        return items.map((item) => item * 10);
      },
      async (item) => {
        if (item === 1) await stuck;
        return item * 10;
      },
      { graceMs: 50 },
    );
    const first = [writes.write(1), writes.write(2)];
    await sleep(10);
    // Asked while the first group waits: answered once the grace has passed, not when it is let go.
    const later = await Promise.race([Promise.all([writes.write(3), writes.write(4)]), sleep(2_000).then(() => 'still waiting')]);
    expect(later).toEqual([30, 40]);
    release();
    expect(await Promise.all(first)).toEqual([10, 20]);
    expect(groups).toEqual([[1, 2], [3, 4]]);
  });

  it('a throwing group and throwing ones leave it writing: its slot is given back on every path', async () => {
    let calls = 0;
    const writes = new GroupWrite<number, number>(
      () => {
        calls++;
        throw new Error('group broke synchronously');
      },
      async (item) => {
        if (item % 2) throw new Error(`odd ${item}`);
        return item;
      },
    );
    const first = await Promise.allSettled([1, 2, 3, 4].map((item) => writes.write(item)));
    expect(first.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled']);
    const second = await Promise.allSettled([6, 8].map((item) => writes.write(item)));
    expect(second).toEqual([{ status: 'fulfilled', value: 6 }, { status: 'fulfilled', value: 8 }]);
    expect(calls).toBe(2);
  });

  it('keeps order and serves every item of a flood (no starvation), in groups of at most maxItems', async () => {
    const sizes: number[] = [];
    const writes = new GroupWrite<number, number>(async (items) => {
      sizes.push(items.length);
      await sleep(1);
      return items.map((item) => item * 2);
    }, async (item) => item * 2, { maxItems: 64 });
    const all = await Promise.all(Array.from({ length: 5000 }, (_, i) => writes.write(i)));
    expect(all).toEqual(Array.from({ length: 5000 }, (_, i) => i * 2));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(64);
  }, 60_000);
});
