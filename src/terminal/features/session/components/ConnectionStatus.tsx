import { t } from '@lingui/core/macro';
import type { Health } from '@/interface';
import { ltrIsolate } from '@/terminal/shared/format/symbols';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import '../session.css';

/** The clock offset the proxy signs with, in seconds with a sign, once it reaches a second. */
function clockNote(offsetMs: number): string | undefined {
  if (Math.abs(offsetMs) < 1000) return undefined;
  const clockOffset = ltrIsolate(`${offsetMs > 0 ? '+' : ''}${(offsetMs / 1000).toFixed(1)} s`);
  return t({ message: `clock ${clockOffset}`, context: 'the clock offset, with its unit: "clock +1.5 s"' });
}

/**
 * The service as the proxy sees it: reachable and how fast, and the clock offset it signs with.
 * `notLive`: why its data is not live (frozen prices, failing polls, no recent health check); the
 * latency is then not shown, as a fresh-looking number would say the opposite.
 */
export function ConnectionStatus({ health, notLive }: { health: Health['data'] | undefined; notLive?: string }) {
  useLocale();
  if (!health) return null;
  const { service, clock } = health;
  if (service.reachable && notLive) {
    return (
      <span className="connection connection--down" role="status" aria-label={t`Service connection`} data-live="false" title={notLive}>
        {t`Service not live: ${notLive}`}
      </span>
    );
  }
  // The figure and its unit stay together, in that order, in a right-to-left sentence too.
  const latency = ltrIsolate(`${service.latencyMs ?? '—'} ms`);
  const clockText = clockNote(clock.offsetMs);
  return (
    <span className={`connection ${service.reachable ? '' : 'connection--down'}`} role="status" aria-label={t`Service connection`} data-live={service.reachable}>
      {service.reachable ? (
        <>
          {service.embedded
            ? t({ message: `Embedded service · ${latency}`, context: 'the service and its latency, with its unit: "· 3 ms"' })
            : t({ message: `Service · ${latency}`, context: 'the service and its latency, with its unit: "· 3 ms"' })}
          {clockText ? ` · ${clockText}` : ''}
        </>
      ) : (
        // The proxy's words for why, as it sends them.
        <span title={service.error ?? undefined}>{t`Service unreachable`}</span>
      )}
    </span>
  );
}
