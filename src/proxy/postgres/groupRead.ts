import { GroupWrite } from './groupWrite';

/**
 * Reads by key for every request (a session, its user), grouped as the journal's writes are: the
 * keys asked for in one turn of the event loop, or while the previous group's read is still on the
 * database, go in ONE statement (`readMany`, `WHERE key = ANY(...)`), each told its own row.
 * Each read still starts after its request arrived, so it sees every change committed before (a
 * sign-out or a disabled user on another proxy). At 32 tickets at once these reads were one round
 * trip each (docs/desk.md, Figures). Alone, a key is read by `readOne` at the end of its turn.
 */
export function groupedRead<Row>(
  readMany: (keys: readonly string[]) => Promise<ReadonlyMap<string, Row>>,
  readOne: (key: string) => Promise<Row | undefined>,
): (key: string) => Promise<Row | undefined> {
  const reads = new GroupWrite<string, Row | undefined>(async (keys) => {
    const rows = await readMany([...new Set(keys)]);
    return keys.map((key) => rows.get(key));
  }, readOne);
  return (key) => reads.write(key);
}
