import type * as z from 'zod/mini';

/** `orders[2].order_price` from a zod issue path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/**
 * One line per problem, each naming the field and what was wrong, so an error shown to a trader
 * or written to a log says exactly which value to fix.
 */
export function describeIssues(error: z.core.$ZodError, prefix = ''): string {
  return error.issues
    .map((issue) => {
      const path = formatPath([...(prefix ? [prefix] : []), ...issue.path]);
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
