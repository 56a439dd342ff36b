import { resolve } from 'node:path';

/**
 * The package's root (package.json, dist/, public/). The one place server code reads where it
 * lives: the tests run the app from a bundle elsewhere, which replaces `import.meta.dirname` here
 * by this file's own directory (test/helpers/serverBundle.ts).
 */
export const appRoot = resolve(import.meta.dirname, '..', '..');
