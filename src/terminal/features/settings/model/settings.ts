import { t } from '@lingui/core/macro';
import * as z from 'zod/mini';
import { describeIssues } from '@/interface';
import type { KeyProblem } from '@/interface/keyRules';
import { SETTINGS_VERSION, settingsMigrations, settingsSchemaSaying } from '@/interface/preferences';
import { migrateStored, UnreadableStoredValue } from '@/terminal/shared/persist/persistedStore';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

export const SETTINGS_STORAGE_KEY = 'perp-terminal.settings';
/** What an exported file says it is, so that a ticket or a layout file is not read as settings. */
export const SETTINGS_FILE_KIND = 'perp-terminal.settings';

// The shape, its version and migrations are the interface's: the proxy keeps a desk user's
// settings and checks them with the same schema. The words of a refused binding are said here.
export { DENSITIES, languageSchema, MOTIONS, SETTINGS_VERSION, settingsMigrations, SIZE_UNITS, THEMES, UP_DOWN } from '@/interface/preferences';
export type Settings = z.infer<typeof settingsSchema>;
export type Theme = Settings['theme'];
export type UpDown = Settings['upDown'];
export type Density = Settings['density'];
export type Motion = Settings['motion'];
export type SizeUnit = Settings['sizeUnit'];
export type Language = Settings['language'];

/** A refused binding in words, under the command it names (`keys.ticket.buy: …`). */
function keyProblemWords(problem: KeyProblem): string {
  const { keys } = problem;
  if (problem.kind === 'unknown') return t`there is no shortcut of that name`;
  if (problem.kind === 'unreadable') return t`"${keys}" is not a key a shortcut can take`;
  if (problem.kind === 'reserved') return t`${keys} is kept for the ticket and dialogs`;
  const other = problem.other;
  return t`${keys} is also the key of ${other}`;
}

export const settingsSchema = settingsSchemaSaying(keyProblemWords);

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
