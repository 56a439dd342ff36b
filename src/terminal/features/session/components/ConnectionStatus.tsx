import { t } from '@lingui/core/macro';
import type { Health } from '@/interface';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import '../session.css';

/** The clock offset the proxy signs with, in seconds with a sign, once it reaches a second. */
function clockNote(offsetMs: number): string | undefined {
  if (Math.abs(offsetMs) < 1000) return undefined;
  const clockOffset = `${offsetMs > 0 ? '+' : ''}${(offsetMs / 1000).toFixed(1)}`;
  return t`clock ${clockOffset} s`;
}

/** The service as the proxy sees it: reachable and how fast, and the clock offset it signs with. */
export function ConnectionStatus({ health }: { health: Health['data'] | undefined }) {
  useLocale();
  if (!health) return null;
  const { service, clock } = health;
  const latency = service.latencyMs ?? '—';
  const clockText = clockNote(clock.offsetMs);
  return (
    <span className={`connection ${service.reachable ? '' : 'connection--down'}`} role="status" aria-label={t`Service connection`}>
      {service.reachable ? (
        <>
          {service.embedded ? t`Embedded service · ${latency} ms` : t`Service · ${latency} ms`}
          {clockText ? ` · ${clockText}` : ''}
        </>
      ) : (
        // The proxy's words for why, as it sends them.
        <span title={service.error ?? undefined}>{t`Service unreachable`}</span>
      )}
    </span>
  );
}
