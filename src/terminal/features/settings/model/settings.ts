import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { describeIssues } from '@/interface';
import { keyProblems, type KeyProblem } from '@/terminal/shared/commands/keyRules';
import { LOCALE_IDS } from '@/terminal/shared/i18n/locales';
import { migrateStored, UnreadableStoredValue } from '@/terminal/shared/persist/persistedStore';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

export const SETTINGS_STORAGE_KEY = 'perp-terminal.settings';
export const SETTINGS_VERSION = 2;
/** What an exported file says it is, so that a ticket or a layout file is not read as settings. */
export const SETTINGS_FILE_KIND = 'perp-terminal.settings';

export const THEMES = ['system', 'light', 'dark', 'contrast'] as const;
export const UP_DOWN = ['green-up', 'red-up', 'blue-orange'] as const;
export const DENSITIES = ['comfortable', 'compact'] as const;
export const MOTIONS = ['system', 'reduced', 'full'] as const;
export const SIZE_UNITS = ['base', 'usd'] as const;

export type Theme = (typeof THEMES)[number];
export type UpDown = (typeof UP_DOWN)[number];
export type Density = (typeof DENSITIES)[number];
export type Motion = (typeof MOTIONS)[number];
export type SizeUnit = (typeof SIZE_UNITS)[number];

/** 'auto' follows the browser's languages; a locale id is the trader's own choice. */
export const languageSchema = z.union([z.literal('auto'), z.enum(LOCALE_IDS)]);
export type Language = z.infer<typeof languageSchema>;

/** A refused binding in words, under the command it names (`keys.ticket.buy: …`). */
function keyProblemWords(problem: KeyProblem): string {
  const { keys } = problem;
  if (problem.kind === 'unknown') return t`there is no shortcut of that name`;
  if (problem.kind === 'unreadable') return t`"${keys}" is not a key a shortcut can take`;
  if (problem.kind === 'reserved') return t`${keys} is kept for the ticket and dialogs`;
  const other = problem.other;
  return t`${keys} is also the key of ${other}`;
}

/**
 * The trader's keys, checked by the rules the shortcut editor applies (shared/commands/keyRules):
 * a file or a stored value cannot bind what the editor refuses.
 */
const keysSchema = z.record(z.string(), z.string()).check(
  z.superRefine((keys, ctx) => {
    for (const problem of keyProblems(keys)) ctx.addIssue({ code: 'custom', input: keys, path: [problem.command], message: keyProblemWords(problem) });
  }),
);

export const settingsSchema = z.object({
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

export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  language: 'auto',
  theme: 'system',
  upDown: 'green-up',
  density: 'comfortable',
  motion: 'system',
  sizeUnit: 'base',
  sound: { on: false, volume: 0.5 },
  notifications: false,
  keys: {},
};

/** From each older version to the next; version 0 would be a value saved before versions. */
export const settingsMigrations: Readonly<Record<number, (older: unknown) => unknown>> = {
  // Version 2 added the language: what was saved before follows the browser, as a first open does.
  1: (older) => ({ ...(older as object), language: 'auto' }),
};

const fileSchema = z.object({ kind: z.literal(SETTINGS_FILE_KIND), version: z.number(), settings: z.unknown() });

/** Every setting as one file to keep or to carry to another browser. */
export function settingsFile(settings: Settings): string {
  return `${JSON.stringify({ kind: SETTINGS_FILE_KIND, version: SETTINGS_VERSION, settings }, null, 2)}\n`;
}

export type ReadSettings = { ok: true; settings: Settings } | { ok: false; reason: string };

/**
 * A settings file read back: brought up from an older version and checked field by field. A bad
 * file gives the reason, naming the field, and no settings: nothing is changed by half.
 */
export function readSettingsFile(text: string): ReadSettings {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: t`The file is not JSON.` };
  }
  const file = fileSchema.safeParse(json);
  if (!file.success) {
    const issues = describeIssues(file.error);
    return { ok: false, reason: t`Not a settings file: ${issues}` };
  }
  try {
    const migrated = migrateStored(file.data.settings, file.data.version, SETTINGS_VERSION, settingsMigrations);
    const checked = settingsSchema.safeParse(migrated);
    if (!checked.success) return { ok: false, reason: describeIssues(checked.error) };
    return { ok: true, settings: checked.data };
  } catch (error) {
    if (error instanceof UnreadableStoredValue) return { ok: false, reason: error.message };
    throw error;
  }
}
