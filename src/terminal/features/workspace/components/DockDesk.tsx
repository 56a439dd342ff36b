import {
  DockviewReact,
  themeDark,
  type DockviewApi,
  type DockviewReadyEvent,
  type IDockviewHeaderActionsProps,
  type IDockviewPanelHeaderProps,
  type IDockviewPanelProps,
} from 'dockview-react';
import 'dockview-react/dist/styles/dockview.css';
import { t } from '@lingui/core/macro';
import { createContext, use, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { say } from '@/terminal/shared/words';
import { useDeskStore } from '../deskStore';
import { useOpenedCount, useWorkspaceStore } from '../store';
import type { PanelRegistry } from '../types';
import { PanelSlot, SlotsActive } from './PanelSlot';
import { placeNew } from './placeNew';
import { fromDock, useDockLayout } from './useDockLayout';
import { useDockKeyboard } from './useDockKeyboard';
import '../dock.css';

const PanelsContext = createContext<PanelRegistry>({});

function DockPanel({ api }: IDockviewPanelProps) {
  return <PanelSlot id={api.id} />;
}

/**
 * A panel's tab: its title, what it has to say (feed age, a count), and a close mark. The tab is
 * the one control, named by all it shows; Delete on it closes the panel, as in the library's own
 * tabs. The mark is for the pointer only: a button inside a tab would nest one control in another.
 */
function DockTab({ api }: IDockviewPanelHeaderProps) {
  useLocale();
  const entry = use(PanelsContext)[api.id];
  const state = entry?.useHeader();
  // The registry's title follows the language; the one stored in the layout is as it was saved.
  const title = entry ? say(entry.title) : (api.title ?? api.id);
  const name = state?.text ? `${title} ${state.text}` : title;
  const ref = useRef<HTMLSpanElement>(null);
  // The library names the tab element (ours is inside it) by the title alone.
  useLayoutEffect(() => ref.current?.closest('[role="tab"]')?.setAttribute('aria-label', name), [name]);
  return (
    <span className="dock-tab" ref={ref}>
      <span className="dock-tab__title">{title}</span>
      {/* A real space, so the tab's text reads as words, as its name does. */}
      {state?.text ? ' ' : null}
      {state?.text ? (
        <span className={`dock-tab__state ${state.stale ? 'dock-tab__state--stale' : ''}`} data-stale={state.stale}>
          {state.text}
        </span>
      ) : null}
      <span
        className="dock-tab__close"
        aria-hidden="true"
        title={t`Close ${title} (or Delete on its tab; re-open from Layout)`}
        onPointerDown={(event) => event.stopPropagation()}
        onClick={(event) => {
          event.stopPropagation();
          api.close();
        }}
      >
        ×
      </span>
    </span>
  );
}

/** Maximise a group over the whole dock, and back. */
function GroupActions({ api, containerApi }: IDockviewHeaderActionsProps) {
  useLocale();
  const [maximised, setMaximised] = useState(() => api.isMaximized());
  useEffect(() => {
    const listener = containerApi.onDidMaximizedGroupChange(() => setMaximised(api.isMaximized()));
    return () => listener.dispose();
  }, [api, containerApi]);
  return (
    <button
      type="button"
      className="dock-action"
      aria-label={maximised ? t({ message: 'Restore', context: 'un-maximise a group of panels' }) : t`Maximise`}
      aria-pressed={maximised}
      title={maximised ? t`Restore the layout` : t`Maximise this group`}
      onClick={() => (maximised ? api.exitMaximized() : api.maximize())}
    >
      {maximised ? '⤡' : '⤢'}
    </button>
  );
}

/**
 * The library names a group's region and a tab by the title in the layout, which is stored in the
 * language it was saved in: each panel takes its title in the trader's language, again on a switch.
 */
function useTitlesInLanguage(api: DockviewApi | undefined, panels: PanelRegistry) {
  const locale = useLocale();
  const opened = useOpenedCount();
  useEffect(() => {
    if (!api) return;
    for (const panel of api.panels) {
      const entry = panels[panel.id];
      const title = entry ? say(entry.title) : undefined;
      if (title && panel.api.title !== title) panel.api.setTitle(title);
    }
  }, [api, panels, locale, opened]);
}

/** Hands the Layout menu the active dock's controls. */
function useDockControls(api: DockviewApi | undefined, panels: PanelRegistry, active: boolean) {
  useEffect(() => {
    if (!api || !active) return;
    useDeskStore.getState().actions.attachDock({
      open(id) {
        const existing = api.getPanel(id);
        if (existing) return existing.api.setActive();
        const entry = panels[id];
        if (entry) api.addPanel({ id, component: id, title: say(entry.title), position: placeNew(api) });
      },
      close(id) {
        api.getPanel(id)?.api.close();
      },
      snapshot: () => fromDock(api),
    });
    return () => useDeskStore.getState().actions.attachDock(null);
  }, [api, panels, active]);
}

interface DockViewProps {
  id: string;
  active: boolean;
  panels: PanelRegistry;
  onLoaded(id: string): void;
}

/** One workspace's dock. A dock kept warm is laid out but hidden and inert, its slots empty. */
function DockView({ id, active, panels, onLoaded }: DockViewProps) {
  const [api, setApi] = useState<DockviewApi>();
  const known = useMemo(() => new Set(Object.keys(panels)), [panels]);
  // Every panel is drawn by the one component that moves the panel's own box in.
  const components = useMemo(() => Object.fromEntries(Object.keys(panels).map((panel) => [panel, DockPanel])), [panels]);
  useDockLayout(api, id, active, known, onLoaded);
  useTitlesInLanguage(api, panels);
  useDockControls(api, panels, active);
  const onKeyDown = useDockKeyboard(api);
  return (
    <SlotsActive value={active}>
      <div className={active ? 'dock__layer' : 'dock__layer dock__layer--warm'} inert={!active} onKeyDown={onKeyDown}>
        <DockviewReact
          theme={themeDark}
          className="dock__view"
          components={components}
          defaultTabComponent={DockTab}
          rightHeaderActionsComponent={GroupActions}
          onReady={(event: DockviewReadyEvent) => setApi(event.api)}
        />
      </div>
    </SlotsActive>
  );
}

/** How many workspaces keep their dock built: the active one and the one switched from. */
const WARM_DOCKS = 2;

/**
 * The desk: panels in a docking layout the trader arranges (dockview). Rebuilding a dock is most
 * of a switch's cost (a frame dropped at 1,000 instruments), so the workspace switched from stays
 * built behind the active one, and switching back and forth between two only shows one again. A
 * workspace without a dock gets one made and filled behind the one on screen, which stays until
 * the new one is ready (two frames later).
 */
export default function DockDesk({ panels }: { panels: PanelRegistry }) {
  const active = useWorkspaceStore((state) => state.active);
  const workspaces = useWorkspaceStore((state) => state.workspaces);
  const [recent, setRecent] = useState<readonly string[]>([active]);
  const [onScreen, setOnScreen] = useState(active);
  const [loaded, setLoaded] = useState<readonly string[]>([active]);
  if (recent[0] !== active) setRecent([active, ...recent.filter((id) => id !== active)].slice(0, WARM_DOCKS));
  // A dock already filled is shown at once; a new one when it says it is ready.
  if (onScreen !== active && loaded.includes(active)) setOnScreen(active);
  const onLoaded = useCallback((id: string) => {
    requestAnimationFrame(() => setLoaded((ids) => (ids.includes(id) ? ids : [...ids, id])));
  }, []);
  // In a steady order: a dock moved in the page would be laid out anew.
  const docks = [...new Set([...recent, onScreen])].filter((id) => id === active || id === onScreen || workspaces[id]).sort();
  if (loaded.some((id) => !docks.includes(id))) setLoaded(loaded.filter((id) => docks.includes(id)));
  return (
    <PanelsContext value={panels}>
      <div className="dock">
        {docks.map((id) => (
          <DockView key={id} id={id} active={id === onScreen} panels={panels} onLoaded={onLoaded} />
        ))}
      </div>
    </PanelsContext>
  );
}
