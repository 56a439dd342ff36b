import * as z from 'zod/mini';
import { dockLayoutSchemaSaying, layoutLimitEnglish, type LayoutLimitBreach } from './dockLayout';
import { describeIssues } from './issues';
import { keyProblems, type KeyProblem } from './keyRules';
import { LOCALE_IDS } from './locales';
import './zod';

/**
 * What a person keeps of the terminal: the settings and the named workspaces. The browser stores
 * them (localStorage) and, on a desk, the proxy keeps a copy per user so they follow the person to
 * any browser. Both check a value with these schemas at these versions; the words of a refusal are
 * plain English here, and the terminal builds the same schemas with words in the trader's language.
 */

export const SETTINGS_VERSION = 2;

export const THEMES = ['system', 'light', 'dark', 'contrast'] as const;
export const UP_DOWN = ['green-up', 'red-up', 'blue-orange'] as const;
export const DENSITIES = ['comfortable', 'compact'] as const;
export const MOTIONS = ['system', 'reduced', 'full'] as const;
export const SIZE_UNITS = ['base', 'usd'] as const;

/** 'auto' follows the browser's languages; a locale id is the trader's own choice. */
export const languageSchema = z.union([z.literal('auto'), z.enum(LOCALE_IDS)]);

/** A refused hotkey binding in plain English, under the command it names. */
export function keyProblemEnglish(problem: KeyProblem): string {
  if (problem.kind === 'unknown') return 'there is no shortcut of that name';
  if (problem.kind === 'unreadable') return `"${problem.keys}" is not a key a shortcut can take`;
  if (problem.kind === 'reserved') return `${problem.keys} is kept for the ticket and dialogs`;
  return `${problem.keys} is also the key of ${problem.other}`;
}

/**
 * The settings' schema, saying a refused binding with `words`. The keys are checked by the rules
 * the shortcut editor applies (keyRules.ts): nothing stored can bind what the editor refuses.
 */
export function settingsSchemaSaying(words: (problem: KeyProblem) => string) {
  const keysSchema = z.record(z.string(), z.string()).check(
    z.superRefine((keys, ctx) => {
      for (const problem of keyProblems(keys)) ctx.addIssue({ code: 'custom', input: keys, path: [problem.command], message: words(problem) });
    }),
  );
  return z.object({
    language: languageSchema,
    theme: z.enum(THEMES),
    upDown: z.enum(UP_DOWN),
    density: z.enum(DENSITIES),
    motion: z.enum(MOTIONS),
    /** How the single order's size is typed: base quantity, or USD the ticket turns into one. */
    sizeUnit: z.enum(SIZE_UNITS),
    sound: z.object({ on: z.boolean(), volume: z.number().check(z.gte(0), z.lte(1)) }),
    notifications: z.boolean(),
    /** Hotkeys the trader rebound: command id → key ("Ctrl+K"); the rest keep their defaults. */
    keys: keysSchema,
  });
}

export const settingsSchema = settingsSchemaSaying(keyProblemEnglish);
export type Settings = z.infer<typeof settingsSchema>;

export type Migrations = Readonly<Record<number, (older: unknown) => unknown>>;

/** From each older version to the next; version 0 would be a value saved before versions. */
export const settingsMigrations: Migrations = {
  // Version 2 added the language: what was saved before follows the browser, as a first open does.
  1: (older) => ({ ...(older as object), language: 'auto' }),
};

/** The workspace store's version (an entry of it is what the proxy keeps per workspace). */
export const WORKSPACE_VERSION = 1;
// The first version: an unversioned (0) value was never written by a terminal, so it is not read.
export const workspaceMigrations: Migrations = {};

/**
 * A named arrangement of the panels, as the workspace store keeps it: a preset's entry holds the
 * trader's changes to it, a saved one the layout it was saved with (`saved`) and the layout as the
 * trader has since left it (`layout`).
 */
export function workspaceSchemaSaying(words: (breach: LayoutLimitBreach) => string) {
  const layoutSchema = dockLayoutSchemaSaying(words);
  return z.object({
    name: z.string().check(z.minLength(1), z.maxLength(80)),
    layout: z.nullable(layoutSchema),
    saved: z.nullable(layoutSchema),
  });
}

export const workspaceSchema = workspaceSchemaSaying(layoutLimitEnglish);
export type Workspace = z.infer<typeof workspaceSchema>;

/** A person's stored preferences: each value at most this many bytes of JSON, at most this many keys. */
export const PREFERENCE_LIMITS = { valueBytes: 256 * 1024, keys: 60 } as const;

export const SETTINGS_PREFERENCE = 'settings';
// A dot, not a colon: the key travels in the path, where the request-target guard allows only
// letters, digits and "-._~/" (no escapes), and workspace ids are made of those.
const WORKSPACE_PREFIX = 'workspace.';
/** The preference key of a workspace: "workspace." and its id ("workspace.saved-m3x-1"). */
export const workspacePreference = (id: string) => `${WORKSPACE_PREFIX}${id}`;
/** The workspace id a preference key names, if it names one. */
export const workspaceOfPreference = (key: string): string | undefined =>
  key.startsWith(WORKSPACE_PREFIX) ? key.slice(WORKSPACE_PREFIX.length) : undefined;

export type PreferenceCheck = { ok: true; version: number; value: unknown } | { ok: false; problem: string };

/** A value of an older version brought up one step at a time; a newer or forgotten one refused. */
function migrate(value: unknown, from: number, to: number, migrations: Migrations): PreferenceCheck {
  if (from > to) return { ok: false, problem: `version: ${from} is newer than this build reads (up to ${to})` };
  let migrated = value;
  for (let step = from; step < to; step++) {
    const next = migrations[step];
    if (!next) return { ok: false, problem: `version: ${from} is no longer read (this build reads ${to})` };
    migrated = next(migrated);
  }
  return { ok: true, version: to, value: migrated };
}

interface Shape {
  version: number;
  migrations: Migrations;
  schema: z.ZodMiniType;
}

function shapeOf(key: string): Shape | undefined {
  if (key === SETTINGS_PREFERENCE) return { version: SETTINGS_VERSION, migrations: settingsMigrations, schema: settingsSchema };
  if (workspaceOfPreference(key) !== undefined) return { version: WORKSPACE_VERSION, migrations: workspaceMigrations, schema: workspaceSchema };
  return undefined;
}

/**
 * A preference as a browser sent it (or as the proxy stored it), brought to this build's version
 * and checked field by field: the value as it is now kept, or what is wrong, naming the field
 * ("value.theme: …", "version: …").
 */
export function validatePreference(key: string, version: number, value: unknown): PreferenceCheck {
  const of = shapeOf(key);
  if (!of) return { ok: false, problem: 'key: expected "settings" or "workspace.<id>"' };
  if (!Number.isInteger(version) || version < 0) return { ok: false, problem: 'version: expected a whole number, 0 or more' };
  let migrated: PreferenceCheck;
  try {
    migrated = migrate(value, version, of.version, of.migrations);
  } catch {
    return { ok: false, problem: `value: not a version ${version} value` };
  }
  if (!migrated.ok) return migrated;
  const checked = of.schema.safeParse(migrated.value);
  if (!checked.success) return { ok: false, problem: describeIssues(checked.error, 'value') };
  return { ok: true, version: of.version, value: checked.data };
}
