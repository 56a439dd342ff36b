import { useState } from 'react';
import { useTerminalConfig } from '../api/configQuery';

/**
 * What the config got wrong, said once and plainly: the service's own error message, or the list
 * of what was ignored and why. Dismissing hides this list; a different list shows again.
 */
export function ConfigNotice() {
  const { data, error } = useTerminalConfig();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const lines: string[] = [];
  let title = '';
  if (error && !data) {
    title = 'The terminal configuration could not be loaded; defaults are in use.';
    lines.push(error.message);
  } else if (data?.status === 'error') {
    title = data.keptLastGood
      ? 'The service reported a configuration error; the last good configuration stays in use.'
      : 'The service reported a configuration error; defaults are in use.';
    lines.push(data.errmsg);
  } else if (data && data.ignored.length > 0) {
    title = `Parts of the terminal configuration were ignored (${data.ignored.length}).`;
    lines.push(...data.ignored);
  }
  const signature = title + lines.join('\n');
  if (!title || dismissed === signature) return null;
  return (
    <div className="notice notice--warn" role="status" aria-label="Configuration notice">
      <div className="notice__body">
        <strong>{title}</strong>
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <button type="button" className="button button--ghost" onClick={() => setDismissed(signature)}>
        Dismiss
      </button>
    </div>
  );
}
