import { Suspense, useState, type ReactNode } from 'react';

interface MenuOnDemandProps {
  className: string;
  summaryClassName: string;
  summary: ReactNode;
  /** Said while the body's chunk comes, the first time only. */
  loading: string;
  /** A lazy component (lazyWithWords): rendered, hence fetched, once wanted. */
  children: ReactNode;
}

/**
 * A menu whose summary is always on screen and whose body is its own chunk, fetched when the
 * pointer or the focus comes to it (or it opens): the first load does not carry what the trader
 * opens now and then.
 */
export function MenuOnDemand({ className, summaryClassName, summary, loading, children }: MenuOnDemandProps) {
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  return (
    <details className={className} onToggle={want}>
      <summary className={summaryClassName} onPointerEnter={want} onFocus={want}>
        {summary}
      </summary>
      {wanted ? <Suspense fallback={<p role="status">{loading}</p>}>{children}</Suspense> : null}
    </details>
  );
}
