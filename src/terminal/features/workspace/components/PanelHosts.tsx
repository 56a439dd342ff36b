import '../workspace.css';
import { Suspense } from 'react';
import { createPortal } from 'react-dom';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { say } from '@/terminal/shared/words';
import { hostOf } from '../hosts';
import type { PanelBodies } from '../types';
import { PanelBoundary } from './PanelBoundary';

/**
 * The panels that some layout shows, each rendered into its own host (see hosts.ts). A panel no
 * layout shows is not rendered at all: a closed panel polls nothing.
 */
export function PanelHosts({ panels, shown }: { panels: PanelBodies; shown: readonly string[] }) {
  useLocale();
  return shown.map((id) => {
    const entry = panels[id];
    if (!entry) return null;
    const { Component } = entry;
    const label = say(entry.label);
    return createPortal(
      <PanelBoundary label={label}>
        <Suspense fallback={<section className={`panel ${id}`} aria-label={label} aria-busy="true" />}>
          <Component />
        </Suspense>
      </PanelBoundary>,
      hostOf(id),
      id,
    );
  });
}
