import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { useTerminalConfig } from '../api/configQuery';

type Problem = 'unloaded' | 'errorKeptLastGood' | 'error' | 'ignored';

function titleOf(problem: Problem, ignoredCount: number): string {
  switch (problem) {
    case 'unloaded':
      return t`The terminal configuration could not be loaded; defaults are in use.`;
    case 'errorKeptLastGood':
      return t`The service reported a configuration error; the last good configuration stays in use.`;
    case 'error':
      return t`The service reported a configuration error; defaults are in use.`;
    case 'ignored':
      return t`Parts of the terminal configuration were ignored (${ignoredCount}).`;
  }
}

/**
 * What the config got wrong, said once and plainly: the service's own error message, or the list
 * of what was ignored and why (both as sent, untranslated). Dismissing hides this list; a
 * different list shows again, and a change of language does not bring a dismissed one back.
 */
export function ConfigNotice() {
  useLocale();
  const { data, error } = useTerminalConfig();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const lines: string[] = [];
  let problem: Problem | undefined;
  if (error && !data) {
    problem = 'unloaded';
    lines.push(error.message);
  } else if (data?.status === 'error') {
    problem = data.keptLastGood ? 'errorKeptLastGood' : 'error';
    lines.push(data.errmsg);
  } else if (data && data.ignored.length > 0) {
    problem = 'ignored';
    lines.push(...data.ignored);
  }
  const signature = `${problem}\n${lines.join('\n')}`;
  if (!problem || dismissed === signature) return null;
  return (
    <div className="notice notice--warn" role="status" aria-label={t`Configuration notice`}>
      <div className="notice__body">
        <strong>{titleOf(problem, lines.length)}</strong>
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <button type="button" className="button button--ghost" onClick={() => setDismissed(signature)}>
        {t({ message: 'Dismiss', context: 'hide a notice' })}
      </button>
    </div>
  );
}
