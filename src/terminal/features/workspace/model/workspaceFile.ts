import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { describeIssues } from '@/interface';
import { dockLayoutSchema, type DockLayout } from './dockLayout';
import { MAX_LAYOUT_FILE_BYTES } from './layoutLimits';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

/** What an exported workspace file holds: a kind to tell it from any other JSON, a version, the layout. */
export const WORKSPACE_FILE_KIND = 'perp-terminal.workspace';
export const WORKSPACE_FILE_VERSION = 1;

const workspaceFileSchema = z.object({
  kind: z.literal(WORKSPACE_FILE_KIND),
  version: z.literal(WORKSPACE_FILE_VERSION),
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  layout: dockLayoutSchema,
});
export type WorkspaceFile = z.infer<typeof workspaceFileSchema>;

export function workspaceFile(name: string, layout: DockLayout): WorkspaceFile {
  return { kind: WORKSPACE_FILE_KIND, version: WORKSPACE_FILE_VERSION, name, layout };
}

/** A file name for the download: the workspace's name in letters, digits and dashes. */
export const workspaceFileName = (name: string) => `workspace-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'layout'}.json`;

export type ReadFile = { ok: true; file: WorkspaceFile } | { ok: false; problem: string };

// JSON.stringify gives undefined for a field that is not there.
function notWorkspaceFile(kind: string | undefined): string {
  const expected = WORKSPACE_FILE_KIND;
  return kind === undefined
    ? t`It is not a workspace file (kind is missing, expected "${expected}").`
    : t`It is not a workspace file (kind is ${kind}, expected "${expected}").`;
}

function otherVersion(version: string | undefined): string {
  const readable = WORKSPACE_FILE_VERSION;
  return version === undefined
    ? t`It has version missing; this terminal reads version ${readable}.`
    : t`It has version ${version}; this terminal reads version ${readable}.`;
}

/** A file the trader picked, read as a workspace, or what is wrong with it (by field). */
export function readWorkspaceFile(text: string): ReadFile {
  if (text.length > MAX_LAYOUT_FILE_BYTES) {
    const kilobytes = Math.round(MAX_LAYOUT_FILE_BYTES / 1024);
    return { ok: false, problem: t`It is larger than ${kilobytes} kB; a workspace file is a few kB.` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: t`It is not JSON.` };
  }
  const kind = (value as { kind?: unknown } | null)?.kind;
  if (kind !== WORKSPACE_FILE_KIND) return { ok: false, problem: notWorkspaceFile(JSON.stringify(kind)) };
  const version = (value as { version?: unknown }).version;
  if (version !== WORKSPACE_FILE_VERSION) return { ok: false, problem: otherVersion(JSON.stringify(version)) };
  const checked = workspaceFileSchema.safeParse(value);
  return checked.success ? { ok: true, file: checked.data } : { ok: false, problem: describeIssues(checked.error) };
}
