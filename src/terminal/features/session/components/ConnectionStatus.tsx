import type { Health } from '@/interface';
import '../session.css';

/** The service as the proxy sees it: reachable and how fast, and the clock offset it signs with. */
export function ConnectionStatus({ health }: { health: Health['data'] | undefined }) {
  if (!health) return null;
  const { service, clock } = health;
  const offset = clock.offsetMs;
  return (
    <span className={`connection ${service.reachable ? '' : 'connection--down'}`} role="status" aria-label="Service connection">
      {service.reachable ? (
        <>
          {service.embedded ? 'Embedded service' : 'Service'} · {service.latencyMs ?? '—'} ms
          {Math.abs(offset) >= 1000 ? ` · clock ${offset > 0 ? '+' : ''}${(offset / 1000).toFixed(1)} s` : ''}
        </>
      ) : (
        <span title={service.error ?? undefined}>Service unreachable</span>
      )}
    </span>
  );
}
