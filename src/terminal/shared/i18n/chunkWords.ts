/**
 * A chunk's words as the build lists them in it (vite.config.ts, catalogueSplit): the part of the
 * catalogue they are in, their places in that part (as gaps: positionsOf), and their ids,
 * separated by spaces.
 */
export type ChunkWords = [part: string, gaps: string, ids: string];

/**
 * The places the gaps say, ascending: each gap is the count of words skipped before the next,
 * one base-36 digit below 36, else the number in base 36 between dots (vite.config.ts, gapsOf).
 */
export function positionsOf(gaps: string): number[] {
  const positions: number[] = [];
  let at = -1;
  for (let index = 0; index < gaps.length; index += 1) {
    let gap: number;
    if (gaps[index] === '.') {
      const end = gaps.indexOf('.', index + 1);
      gap = parseInt(gaps.slice(index + 1, end), 36);
      index = end;
    } else {
      gap = parseInt(gaps[index]!, 36);
    }
    at += gap + 1;
    positions.push(at);
  }
  return positions;
}
