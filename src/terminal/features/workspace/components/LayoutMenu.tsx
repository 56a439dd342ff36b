import { useRef, useState, type ChangeEvent } from 'react';
import { useToastStore } from '@/terminal/shared/ui/toast/toastStore';
import { useDockControls, useShownPanels } from '../deskStore';
import { isPresetId } from '../model/presets';
import { readWorkspaceFile, workspaceFile, workspaceFileName } from '../model/workspaceFile';
import { layoutOf, useActiveWorkspaceId, useWorkspaceActions, useWorkspaces } from '../store';
import type { PanelRegistry } from '../types';

const notify = (tone: 'success' | 'error', title: string, detail?: string) =>
  useToastStore.getState().actions.push({ id: `layout:${Date.now()}:${title}`, tone, title, detail, timeoutMs: tone === 'error' ? 0 : 4000 });

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Opens a picked workspace file as a new saved workspace; a bad file changes nothing and says why. */
function useImport(saveAs: (name: string, layout: ReturnType<typeof layoutOf>) => string) {
  return async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const read = readWorkspaceFile(await file.text());
    if (!read.ok) return notify('error', `${file.name} was not imported`, read.problem);
    saveAs(read.file.name, read.file.layout);
    notify('success', `Imported “${read.file.name}”`);
  };
}

/** The Layout control: switch workspaces, save as, rename, delete, reset, panels, export and import. */
export function LayoutMenu({ panels }: { panels: PanelRegistry }) {
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
  return (
    <details className="layout-menu">
      <summary className="button layout-menu__summary">Layout: {current?.name ?? active}</summary>
      <div className="layout-menu__body" role="group" aria-label="Layout">
        <div role="radiogroup" aria-label="Workspaces" className="layout-menu__list">
          {Object.entries(workspaces).map(([id, workspace]) => (
            <label key={id} className="layout-menu__item">
              <input type="radio" name="workspace" checked={id === active} onChange={() => actions.switchTo(id)} />
              {workspace.name}
            </label>
          ))}
        </div>
        <label className="layout-menu__field">
          Name
          <input className="input" value={name} onChange={(event) => setName(event.target.value)} placeholder={current?.name} />
        </label>
        <div className="layout-menu__row">
          <button type="button" className="button" onClick={() => actions.saveAs(name || `${current?.name ?? 'My'} copy`, snapshot())}>
            Save as
          </button>
          <button type="button" className="button" disabled={!name.trim()} onClick={() => actions.rename(active, name)}>
            Rename
          </button>
          <button type="button" className="button" disabled={isPresetId(active)} onClick={() => actions.remove(active)}>
            Delete
          </button>
          <button type="button" className="button" onClick={() => actions.reset(active)}>
            Reset
          </button>
        </div>
        <fieldset className="layout-menu__panels" disabled={!dock}>
          <legend>Panels</legend>
          {Object.entries(panels).map(([id, entry]) => (
            <label key={id} className="layout-menu__item">
              <input type="checkbox" checked={shown.includes(id)} onChange={(event) => (event.target.checked ? dock?.open(id) : dock?.close(id))} />
              {entry.title}
            </label>
          ))}
        </fieldset>
        <div className="layout-menu__row">
          <button type="button" className="button" onClick={() => download(workspaceFileName(current?.name ?? active), JSON.stringify(workspaceFile(current?.name ?? active, snapshot()), null, 2))}>
            Export
          </button>
          <button type="button" className="button" onClick={() => fileRef.current?.click()}>
            Import
          </button>
          <input ref={fileRef} type="file" accept="application/json,.json" aria-label="Import a workspace file" hidden onChange={(event) => void onImport(event)} />
        </div>
      </div>
    </details>
  );
}
