import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

/**
 * The CSP sources of the inline scripts of a page ('sha256-…'): the page is fixed at build time,
 * so its CSP allows exactly its scripts and no other inline script, without a nonce per request.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(`'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * A page's CSP: the fixed one (securityHeaders.ts, no inline script) with the page's own inline
 * scripts added to script-src by hash.
 */
export function withScriptHashes(csp: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return csp;
  const directive = /(^|;)\s*script-src ([^;]*)/.exec(csp);
  if (!directive) throw new Error(`the CSP has no script-src to add the page's scripts to: ${csp}`);
  return csp.replace(directive[0], `${directive[0]} ${hashes.join(' ')}`);
}

/**
 * The hashes of a page file, read again when the file changes (a rebuild while the proxy runs
 * must not leave the page with a CSP that blocks its new script).
 */
export function pageScriptHashes(path: string): () => string[] {
  let seen: { mtimeMs: number; size: number; hashes: string[] } | undefined;
  return () => {
    const { mtimeMs, size } = statSync(path);
    if (!seen || seen.mtimeMs !== mtimeMs || seen.size !== size) {
      seen = { mtimeMs, size, hashes: inlineScriptHashes(readFileSync(path, 'utf8')) };
    }
    return seen.hashes;
  };
}
