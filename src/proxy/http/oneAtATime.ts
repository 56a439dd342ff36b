/**
 * Runs the work given for one key one at a time, in arrival order (other keys run freely). Twin
 * requests of one idempotency key (a double click) then meet the desk's rules one after the
 * other: the second finds the first's ticket journaled, or its approval asked, and is answered as
 * a replay, instead of both passing the rules at once and the second, finding the day's room
 * taken by its own twin, being refused or asked for approval though its ticket was sent.
 */
export class OneAtATime {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key);
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    const tail = before ? before.then(() => mine) : mine;
    this.tails.set(key, tail);
    await before;
    try {
      return await work();
    } finally {
      done();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
