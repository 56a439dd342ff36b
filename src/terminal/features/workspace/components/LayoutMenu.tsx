import { t } from '@lingui/core/macro';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { lazyWithWords } from '@/terminal/shared/i18n/lazyWithWords';
import { MenuOnDemand } from '@/terminal/shared/ui/MenuOnDemand';
import { workspaceName } from '../model/presets';
import { useActiveWorkspaceId, useWorkspaces } from '../store';
import type { PanelBodies } from '../types';

const LayoutMenuBody = lazyWithWords(() => import('./LayoutMenuBody'));

/** The Layout control: the active workspace's name, always on screen, over what it opens on. */
export function LayoutMenu({ panels }: { panels: PanelBodies }) {
  useLocale();
  const active = useActiveWorkspaceId();
  const shownName = workspaceName(active, useWorkspaces()[active]);
  return (
    <MenuOnDemand
      className="layout-menu"
      summaryClassName="button layout-menu__summary"
      summary={t`Layout: ${shownName}`}
      loading={t`Loading the workspaces…`}
    >
      <LayoutMenuBody panels={panels} />
    </MenuOnDemand>
  );
}
