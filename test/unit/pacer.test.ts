import { describe, expect, it } from 'vitest';
import { Pacer } from '@/proxy/sending/pacer';

describe('the pacer', () => {
  it('spaces tasks, in order, and an urgent one goes ahead of the calm ones waiting', async () => {
    const pacer = new Pacer(40);
    const started: [string, number][] = [];
    const begin = Date.now();
    const task = (name: string) => async () => {
      started.push([name, Date.now() - begin]);
      return name;
    };
    const done = [pacer.run(task('a')), pacer.run(task('b')), pacer.run(task('c'))];
    done.push(pacer.run(task('stop-1'), true), pacer.run(task('stop-2'), true));
    expect(await Promise.all(done)).toEqual(['a', 'b', 'c', 'stop-1', 'stop-2']);
    expect(started.map(([name]) => name)).toEqual(['a', 'stop-1', 'stop-2', 'b', 'c']);
    for (let i = 1; i < started.length; i++) expect(started[i]![1] - started[i - 1]![1]).toBeGreaterThanOrEqual(39);
  });

  it('a TWAP slice waits behind every ticket, even one queued after it', async () => {
    const pacer = new Pacer(30);
    const started: string[] = [];
    const task = (name: string) => async () => {
      started.push(name);
      return name;
    };
    const done = [pacer.run(task('ticket-1')), pacer.run(task('slice-1'), 'slice'), pacer.run(task('slice-2'), 'slice')];
    done.push(pacer.run(task('ticket-2')), pacer.run(task('stop'), 'held'));
    await Promise.all(done);
    expect(started).toEqual(['ticket-1', 'stop', 'ticket-2', 'slice-1', 'slice-2']);
  });

  it('a failing task fails alone', async () => {
    const pacer = new Pacer(10);
    const failing = pacer.run(async () => {
      throw new Error('no');
    });
    const next = pacer.run(async () => 'yes');
    await expect(failing).rejects.toThrow('no');
    expect(await next).toBe('yes');
  });
});
