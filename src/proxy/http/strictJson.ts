import Big from 'big.js';

type Frame =
  | { kind: 'object'; path: string; keys: Set<string>; key: string }
  | { kind: 'array'; path: string; index: number };

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

function childPath(parent: Frame | undefined): string {
  if (!parent) return '';
  if (parent.kind === 'array') return `${parent.path}[${parent.index}]`;
  return parent.path ? `${parent.path}.${parent.key}` : parent.key;
}

/** Significant digits every decimal of which a double gives back exactly (DBL_DIG). */
const EXACT_DIGITS = 15;

/** Whether the JSON number `source` is the number JSON.parse makes of it, to the last digit. */
function parsesExactly(source: string): boolean {
  // Most numbers: too short to hold more digits than that (and no work on a ticket's path).
  if (source.length <= EXACT_DIGITS) return true;
  const digits = source.replace(/^-/, '').split(/[eE]/)[0]!.replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  if (digits.length <= EXACT_DIGITS) return true;
  try {
    return new Big(source).eq(new Big(String(Number(source))));
  } catch {
    return false;
  }
}

const isNumberPart = (code: number) => (code >= 48 && code <= 57) || code === 43 || code === 45 || code === 46 || code === 69 || code === 101;

interface Scan {
  /** The first key given twice, by path; the scan stops there. */
  duplicate?: string;
  /** The first number with more digits than JSON.parse keeps, by path, as written. */
  inexact?: { path: string; source: string };
}

/** One pass over `text`, which must be valid JSON: its first key given twice, and its first number parsed inexactly. */
function scan(text: string): Scan {
  const found: Scan = {};
  const stack: Frame[] = [];
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 34) {
      let end = i + 1;
      let escaped = false;
      while (text.charCodeAt(end) !== 34) {
        if (text.charCodeAt(end) === 92) {
          escaped = true;
          end += 1;
        }
        end += 1;
      }
      const raw = text.slice(i, end + 1);
      i = end + 1;
      let next = i;
      while (isSpace(text.charCodeAt(next))) next += 1;
      const top = stack[stack.length - 1];
      if (top?.kind === 'object' && text.charCodeAt(next) === 58) {
        // "a" and "\u0061" are the same key.
        const key = escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        if (top.keys.has(key)) return { ...found, duplicate: top.path ? `${top.path}.${key}` : key };
        top.keys.add(key);
        top.key = key;
        i = next + 1;
      }
      continue;
    }
    const top = stack[stack.length - 1];
    if (code === 45 || (code >= 48 && code <= 57)) {
      let end = i + 1;
      while (end < text.length && isNumberPart(text.charCodeAt(end))) end += 1;
      const source = text.slice(i, end);
      if (!found.inexact && !parsesExactly(source)) found.inexact = { path: childPath(top) || 'body', source };
      i = end;
      continue;
    }
    if (code === 123) stack.push({ kind: 'object', path: childPath(top), keys: new Set(), key: '' });
    else if (code === 91) stack.push({ kind: 'array', path: childPath(top), index: 0 });
    else if (code === 125 || code === 93) stack.pop();
    else if (code === 44 && top?.kind === 'array') top.index += 1;
    i += 1;
  }
  return found;
}

/**
 * The path (`orders[0].symbol`) of the first key given twice in one object of `text`, which must be
 * valid JSON. JSON.parse keeps the last of two equal keys silently; a signed order must be the one
 * the trader's terminal meant, so a body that says two things is refused instead.
 */
export const duplicateKeyPath = (text: string): string | undefined => scan(text).duplicate;

/**
 * JSON.parse that refuses a key given twice, and a number with more digits than a double keeps
 * (`100000.00000000000000000000000001` would be read, signed and sent as 100000), naming each.
 */
export function parseJsonStrict(text: string): unknown {
  const value: unknown = JSON.parse(text);
  const { duplicate, inexact } = scan(text);
  if (duplicate !== undefined) throw new Error(`body: ${duplicate} is given twice; give each field once`);
  if (inexact) {
    const { path, source } = inexact;
    throw new Error(`body: ${path} is ${source.length > 40 ? `${source.slice(0, 40)}…` : source}, more digits than a number keeps (it would be read as ${Number(source)}); send the value as it is meant, at most ${EXACT_DIGITS} significant digits`);
  }
  return value;
}
