import { t } from '@lingui/core/macro';
import { useRef, useState, type ChangeEvent } from 'react';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';
import { say } from '@/terminal/shared/words';
import { useDockControls, useShownPanels } from '../deskStore';
import type { DockLayout } from '../model/dockLayout';
import { MAX_LAYOUT_FILE_BYTES } from '../model/layoutLimits';
import { isPresetId, workspaceName } from '../model/presets';
import { readWorkspaceFile, workspaceFile, workspaceFileName } from '../model/workspaceFile';
import { layoutOf, MAX_WORKSPACES, useActiveWorkspaceId, useWorkspaceActions, useWorkspaces, useWorkspaceStore } from '../store';
import type { PanelBodies } from '../types';
import { openOffScreen } from './openOffScreen';

const notify = (tone: 'success' | 'error', title: string, detail?: string) =>
  useToastStore.getState().actions.push({ id: `layout:${Date.now()}:${title}`, tone, title, detail, timeoutMs: tone === 'error' ? 0 : 4000 });

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

type SaveAs = (name: string, layout: DockLayout) => string | undefined;

/** Save as, or why not: MAX_WORKSPACES kept, or no room in the browser (said by the store). */
function saveOrSay(saveAs: SaveAs, name: string, layout: DockLayout): boolean {
  const id = saveAs(name, layout);
  if (id === undefined) {
    const most = MAX_WORKSPACES;
    notify('error', t`Not saved: ${most} workspaces are kept at most`, t`Delete a workspace you no longer use, then save again.`);
    return false;
  }
  // A write the browser refused was undone by the store, which said so.
  return useWorkspaceStore.getState().workspaces[id] !== undefined;
}

/**
 * Opens a picked workspace file as a new saved workspace: read and checked as the stored ones are,
 * then opened off screen, and only then saved as the active one. A bad file changes nothing and
 * says why.
 */
function useImport(saveAs: SaveAs) {
  return async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const fileName = file.name;
    const kilobytes = Math.round(MAX_LAYOUT_FILE_BYTES / 1024);
    const read =
      file.size > MAX_LAYOUT_FILE_BYTES
        ? { ok: false as const, problem: t`It is larger than ${kilobytes} kB; a workspace file is a few kB.` }
        : readWorkspaceFile(await file.text());
    if (!read.ok) return notify('error', t`${fileName} was not imported`, read.problem);
    const failure = openOffScreen(read.file.layout);
    if (failure !== undefined) return notify('error', t`${fileName} was not imported`, t`Its layout does not open: ${String(failure)}`);
    const name = read.file.name;
    if (saveOrSay(saveAs, name, read.file.layout)) notify('success', t`Imported “${name}”`);
  };
}

/**
 * What the Layout control opens on: switch workspaces, save as, rename, delete, reset, panels,
 * export and import. Its own chunk, fetched when the trader reaches for the control.
 */
export default function LayoutMenuBody({ panels }: { panels: PanelBodies }) {
  useLocale();
  const active = useActiveWorkspaceId();
  const workspaces = useWorkspaces();
  const actions = useWorkspaceActions();
  const dock = useDockControls();
  const shown = useShownPanels();
  const [name, setName] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const current = workspaces[active];
  const onImport = useImport(actions.saveAs);
  const snapshot = () => dock?.snapshot() ?? layoutOf(active, current);
  const shownName = workspaceName(active, current);
  // A copy is named in the trader's language; the file keeps the name as stored.
  const copyName = current ? t`${shownName} copy` : t`My copy`;
  return (
    <div className="layout-menu__body" role="group" aria-label={t({ message: 'Layout', context: 'arrangement of panels' })}>
      <div role="radiogroup" aria-label={t({ message: 'Workspaces', context: 'saved arrangements of panels' })} className="layout-menu__list">
        {Object.entries(workspaces).map(([id, workspace]) => (
          <label key={id} className="layout-menu__item">
            <input type="radio" name="workspace" checked={id === active} onChange={() => actions.switchTo(id)} />
            {workspaceName(id, workspace)}
          </label>
        ))}
      </div>
      <label className="layout-menu__field">
        {t({ message: 'Name', context: 'name of a workspace' })}
        <input className="input" value={name} onChange={(event) => setName(event.target.value)} placeholder={shownName} />
      </label>
      <div className="layout-menu__row">
        <button type="button" className="button" onClick={() => saveOrSay(actions.saveAs, name || copyName, snapshot())}>
          {t`Save as`}
        </button>
        <button type="button" className="button" disabled={!name.trim()} onClick={() => actions.rename(active, name)}>
          {t`Rename`}
        </button>
        <button type="button" className="button" disabled={isPresetId(active)} onClick={() => actions.remove(active)}>
          {t({ message: 'Delete', context: 'delete a workspace' })}
        </button>
        <button type="button" className="button" onClick={() => actions.reset(active)}>
          {t({ message: 'Reset', context: 'reset a workspace to its saved layout' })}
        </button>
      </div>
      <fieldset className="layout-menu__panels" disabled={!dock}>
        <legend>{t({ message: 'Panels', context: 'the panels of the layout' })}</legend>
        {Object.entries(panels).map(([id, entry]) => (
          <label key={id} className="layout-menu__item">
            <input type="checkbox" checked={shown.includes(id)} onChange={(event) => (event.target.checked ? dock?.open(id) : dock?.close(id))} />
            {say(entry.title)}
          </label>
        ))}
      </fieldset>
      <div className="layout-menu__row">
        <button type="button" className="button" onClick={() => download(workspaceFileName(current?.name ?? active), JSON.stringify(workspaceFile(current?.name ?? active, snapshot()), null, 2))}>
          {t({ message: 'Export', context: 'export a workspace file' })}
        </button>
        <button type="button" className="button" onClick={() => fileRef.current?.click()}>
          {t({ message: 'Import', context: 'import a workspace file' })}
        </button>
        <input ref={fileRef} type="file" accept="application/json,.json" aria-label={t`Import a workspace file`} hidden onChange={(event) => void onImport(event)} />
      </div>
    </div>
  );
}
