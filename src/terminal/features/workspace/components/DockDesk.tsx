import {
  DockviewReact,
  themeDark,
  type DockviewApi,
  type DockviewReadyEvent,
  type IDockviewHeaderActionsProps,
  type IDockviewPanelHeaderProps,
  type IDockviewPanelProps,
  type SerializedDockview,
} from 'dockview-react';
import 'dockview-react/dist/styles/dockview.css';
import { t } from '@lingui/core/macro';
import { createContext, use, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';
import { say } from '@/terminal/shared/words';
import { useDeskStore } from '../deskStore';
import type { DockLayout } from '../model/dockLayout';
import { workspaceName } from '../model/presets';
import { layoutToOpen, reportDropped } from '../open';
import { useOpenedCount, useWorkspaceStore } from '../store';
import type { PanelRegistry } from '../types';
import { PanelSlot } from './PanelSlot';
import { useDockKeyboard } from './useDockKeyboard';
import '../dock.css';

const PanelsContext = createContext<PanelRegistry>({});

// The stored layout is the library's own JSON, checked by the schema on every load; the two types
// differ only in how exactly they spell it (an enum against its string values).
const toDock = (layout: DockLayout) => layout as unknown as SerializedDockview;
const fromDock = (api: DockviewApi) => api.toJSON() as unknown as DockLayout;

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

/** Loads the active workspace's layout, and keeps what the trader does to it. */
function useDockLayout(api: DockviewApi | undefined, known: ReadonlySet<string>) {
  const opened = useOpenedCount();
  const loading = useRef(false);
  useEffect(() => {
    if (!api) return;
    const { active, workspaces, actions } = useWorkspaceStore.getState();
    const workspace = workspaces[active];
    const open = layoutToOpen(active, workspace, known);
    loading.current = true;
    try {
      api.fromJSON(toDock(open.layout));
    } catch (error) {
      const fallback = layoutToOpen('trade', undefined, known).layout;
      api.fromJSON(toDock(fallback));
      const [name, trade] = [workspaceName(active, workspace), workspaceName('trade', workspaces.trade)];
      useToastStore.getState().actions.push({
        id: `workspace-broken:${active}`,
        tone: 'warning',
        title: t`Layout “${name}” could not be opened; ${trade} is shown`,
        detail: String(error),
        timeoutMs: 0,
      });
    } finally {
      loading.current = false;
    }
    reportDropped(workspaceName(active, workspace), open.dropped);
    if (open.dropped.length > 0) actions.keep(fromDock(api));
    useDeskStore.getState().actions.show(api.panels.map((panel) => panel.id));
  }, [api, opened, known]);

  useEffect(() => {
    if (!api) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener = api.onDidLayoutChange(() => {
      useDeskStore.getState().actions.show(api.panels.map((panel) => panel.id));
      if (loading.current) return;
      // A splitter drag changes the layout on every frame: it is saved once the hand rests.
      clearTimeout(timer);
      timer = setTimeout(() => useWorkspaceStore.getState().actions.keep(fromDock(api)), 300);
    });
    return () => {
      clearTimeout(timer);
      listener.dispose();
    };
  }, [api]);
}

/** The desk: panels in a docking layout the trader arranges (dockview). */
export default function DockDesk({ panels }: { panels: PanelRegistry }) {
  const [api, setApi] = useState<DockviewApi>();
  const known = useMemo(() => new Set(Object.keys(panels)), [panels]);
  // Every panel is drawn by the one component that moves the panel's own box in.
  const components = useMemo(() => Object.fromEntries(Object.keys(panels).map((id) => [id, DockPanel])), [panels]);
  useDockLayout(api, known);
  useTitlesInLanguage(api, panels);
  const onKeyDown = useDockKeyboard(api);
  useEffect(() => {
    if (!api) return;
    useDeskStore.getState().actions.attachDock({
      open(id) {
        const existing = api.getPanel(id);
        if (existing) return existing.api.setActive();
        const entry = panels[id];
        if (entry) api.addPanel({ id, component: id, title: say(entry.title), position: { direction: 'right' } });
      },
      close(id) {
        api.getPanel(id)?.api.close();
      },
      snapshot: () => fromDock(api),
    });
    return () => useDeskStore.getState().actions.attachDock(null);
  }, [api, panels]);
  return (
    <PanelsContext value={panels}>
      <div className="dock" onKeyDown={onKeyDown}>
        <DockviewReact
          theme={themeDark}
          className="dock__view"
          components={components}
          defaultTabComponent={DockTab}
          rightHeaderActionsComponent={GroupActions}
          onReady={(event: DockviewReadyEvent) => setApi(event.api)}
        />
      </div>
    </PanelsContext>
  );
}
