type Frame =
  | { kind: 'object'; path: string; keys: Set<string>; key: string }
  | { kind: 'array'; path: string; index: number };

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

function childPath(parent: Frame | undefined): string {
  if (!parent) return '';
  if (parent.kind === 'array') return `${parent.path}[${parent.index}]`;
  return parent.path ? `${parent.path}.${parent.key}` : parent.key;
}

/**
 * The path (`orders[0].symbol`) of the first key given twice in one object of `text`, which must be
 * valid JSON. JSON.parse keeps the last of two equal keys silently; a signed order must be the one
 * the trader's terminal meant, so a body that says two things is refused instead.
 */
export function duplicateKeyPath(text: string): string | undefined {
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
        if (top.keys.has(key)) return top.path ? `${top.path}.${key}` : key;
        top.keys.add(key);
        top.key = key;
        i = next + 1;
      }
      continue;
    }
    const top = stack[stack.length - 1];
    if (code === 123) stack.push({ kind: 'object', path: childPath(top), keys: new Set(), key: '' });
    else if (code === 91) stack.push({ kind: 'array', path: childPath(top), index: 0 });
    else if (code === 125 || code === 93) stack.pop();
    else if (code === 44 && top?.kind === 'array') top.index += 1;
    i += 1;
  }
  return undefined;
}

/** JSON.parse that refuses a key given twice, naming it. */
export function parseJsonStrict(text: string): unknown {
  const value: unknown = JSON.parse(text);
  const duplicate = duplicateKeyPath(text);
  if (duplicate !== undefined) throw new Error(`body: ${duplicate} is given twice; give each field once`);
  return value;
}
