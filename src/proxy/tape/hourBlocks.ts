/*
 * A finished hour of one instrument's minutes as one BLOB. Reading a day of minutes as 1,440 rows
 * of eleven columns cost about 2 ms in better-sqlite3 (each value made into a JS number on its
 * own), close to half of the chart's first read; 24 blobs decoded here cost a tenth of that. The
 * rows are the minutes table's ([minute, ...MinuteRow]), whole integers nearly always, so each
 * value is written as a zigzag varint of its step from the minute before (an open near the last
 * one, a funding rate that holds: one or two bytes each); a minute holding any other number (a
 * REAL kept raw) is written as float64s instead. Either way a row decodes to exactly the numbers
 * that were encoded.
 */

/** A minute row as the tape reads it: [minute, open, high, low, close, index, funding, openInterest, volume, samples, scales]. */
export type MinuteRowWithTime = number[];

const VALUES = 10;
/** Varints carry values below 2^50: a step between two is below 2^51, zigzagged below 2^52, all safe integers. */
const VARINT_LIMIT = 2 ** 50;
/** Flag on a minute's first byte (its offset in the hour, 0–59): its values are float64s. */
const FLOATS = 0x80;
const ZEROS: readonly number[] = new Array<number>(VALUES + 1).fill(0);
/** The weight of a varint's eighth byte: 8 bytes carry 56 bits, more than any value written. */
const MAX_SCALE = 128 ** 7;

function allVarint(row: MinuteRowWithTime): boolean {
  for (let k = 1; k <= VALUES; k++) {
    const value = row[k]!;
    if (!Number.isInteger(value) || Math.abs(value) >= VARINT_LIMIT || Object.is(value, -0)) return false;
  }
  return true;
}

/** Rows of one hour (`hour`: minute number / 60), in minute order, as the block's bytes. */
export function encodeHourBlock(hour: number, rows: readonly MinuteRowWithTime[]): Buffer {
  const bytes = Buffer.allocUnsafe(rows.length * (1 + VALUES * 8));
  let at = 0;
  // The last minute written as varints: each of its values is where the next one steps from.
  let previous: readonly number[] = ZEROS;
  for (const row of rows) {
    const offset = row[0]! - hour * 60;
    if (!(offset >= 0 && offset < 60 && Number.isInteger(offset))) throw new Error(`hour block ${hour}: minute ${row[0]} is not in it`);
    if (allVarint(row)) {
      bytes[at++] = offset;
      for (let k = 1; k <= VALUES; k++) {
        const step = row[k]! - previous[k]!;
        let rest = step < 0 ? -step * 2 - 1 : step * 2;
        while (rest >= 128) {
          bytes[at++] = (rest % 128) | 128;
          rest = Math.floor(rest / 128);
        }
        bytes[at++] = rest;
      }
      previous = row;
    } else {
      bytes[at++] = offset | FLOATS;
      for (let k = 1; k <= VALUES; k++) at = bytes.writeDoubleLE(row[k]!, at);
    }
  }
  return bytes.subarray(0, at);
}

/** The first minute a block holds (its first byte is that minute's place in the hour). */
export function firstMinuteOf(hour: number, bytes: Uint8Array): number {
  return hour * 60 + (bytes[0]! & 0x7f);
}

/** Appends to `out` the block's rows whose minute lies in [first, last], in minute order. */
export function decodeHourBlock(hour: number, bytes: Uint8Array, first: number, last: number, out: MinuteRowWithTime[]): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  let previous: readonly number[] = ZEROS;
  let lastOffset = -1;
  while (at < bytes.length) {
    const head = bytes[at++]!;
    const offset = head & 0x7f;
    // What the encoder never writes is refused, so a damaged block fails loudly instead of reading wrong.
    if (offset >= 60 || offset <= lastOffset) throw new Error(`hour block ${hour}: minute ${offset} after ${lastOffset}, not a block`);
    lastOffset = offset;
    const minute = hour * 60 + offset;
    const row: MinuteRowWithTime = new Array<number>(VALUES + 1);
    row[0] = minute;
    if (head & FLOATS) {
      if (at + VALUES * 8 > bytes.length) throw new Error(`hour block ${hour}: cut short`);
      for (let k = 1; k <= VALUES; k++, at += 8) row[k] = view.getFloat64(at, true);
    } else {
      for (let k = 1; k <= VALUES; k++) {
        let value = 0;
        let scale = 1;
        let byte: number;
        do {
          if (scale > MAX_SCALE) throw new Error(`hour block ${hour}: a value over 8 bytes, not a block`);
          byte = bytes[at++]!;
          value += (byte & 127) * scale;
          scale *= 128;
        } while (byte & 128);
        row[k] = previous[k]! + (value % 2 === 1 ? -(value + 1) / 2 : value / 2);
      }
      previous = row;
    }
    if (at > bytes.length) throw new Error(`hour block ${hour}: cut short`);
    if (minute >= first && minute <= last) out.push(row);
  }
}

/**
 * Two runs of rows in minute order merged into one; where both have a minute, `later`'s row wins
 * (a minute written after its hour was made a block).
 */
export function mergeRows(earlier: readonly MinuteRowWithTime[], later: readonly MinuteRowWithTime[]): MinuteRowWithTime[] {
  if (later.length === 0) return earlier as MinuteRowWithTime[];
  if (earlier.length === 0) return later as MinuteRowWithTime[];
  const out: MinuteRowWithTime[] = [];
  let i = 0;
  let j = 0;
  while (i < earlier.length || j < later.length) {
    const a = earlier[i];
    const b = later[j];
    if (b === undefined || (a !== undefined && a[0]! < b[0]!)) {
      out.push(a!);
      i++;
    } else {
      if (a !== undefined && a[0] === b[0]) i++;
      out.push(b);
      j++;
    }
  }
  return out;
}
