import { t } from '@lingui/core/macro';
import { layoutLimitBreach, type LayoutLimitBreach } from '@/interface/dockLayout';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

// The limits are the interface's (the proxy checks a person's stored workspaces by them too); the
// words a trader reads are the terminal's.
export { LAYOUT_LIMITS, MAX_LAYOUT_FILE_BYTES } from '@/interface/dockLayout';

export interface LimitIssue {
  path: (string | number)[];
  message: string;
}

/** A breach of the layout limits in the trader's language. */
export function layoutLimitWords({ limit, max }: LayoutLimitBreach): string {
  if (limit === 'depth') return t`splits are nested more than ${max} deep`;
  if (limit === 'nodes') return t`more than ${max} splits and groups`;
  if (limit === 'panels') return t`more than ${max} panels`;
  return t`more than ${max} floating groups`;
}

/** What of a layout is past the limits, if anything; the shape itself is the schema's to check. */
export function layoutLimitIssue(layout: unknown): LimitIssue | undefined {
  const breach = layoutLimitBreach(layout);
  return breach ? { path: breach.path, message: layoutLimitWords(breach) } : undefined;
}
