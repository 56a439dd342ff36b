import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import type { SessionState } from '../api/sessionQuery';

/**
 * A translated sentence with its commands and names set as code: they are the same in every
 * language, so the message carries them as placeholders and they are found again in its text.
 */
function withCode(text: string, codes: readonly string[]): ReactNode[] {
  const pattern = new RegExp(`(${codes.map((code) => code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`);
  return text.split(pattern).map((part, index) => (codes.includes(part) ? <code key={index}>{part}</code> : part));
}

/** Says how to get in when this browser has no session, and why a link was refused. */
export function SessionBanner({ state }: { state: SessionState }) {
  useLocale();
  const refused = new URLSearchParams(window.location.search).get('login') === 'refused';
  if (state !== 'signed-out') return null;
  const command = 'npm start';
  const link = 'http://…/?token=…';
  const variable = 'TERMINAL_TOKEN';
  const how = t`Open the terminal with the link ${command} printed (${link}). A link works once; restart the proxy for a new one, or set ${variable}. Market data stays live meanwhile.`;
  return (
    <div className="notice notice--lock" role="alert">
      <div className="notice__body">
        <strong>{t`Trading is locked in this browser.`}</strong>{' '}
        {refused ? `${t`That link was already used or is not this proxy’s.`} ` : ''}
        {withCode(how, [command, link, variable])}
      </div>
    </div>
  );
}
