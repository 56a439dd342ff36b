import type { DockviewApi } from 'dockview-react';
import { useCallback, type KeyboardEvent } from 'react';

const STEP_PX = 32;

/**
 * The splitters by keyboard: Alt+Shift with an arrow grows or shrinks the group that has the focus
 * (the library's splitters take the pointer only), Alt+Shift+Enter maximises it and back.
 */
export function useDockKeyboard(api: DockviewApi | undefined) {
  return useCallback(
    (event: KeyboardEvent) => {
      if (!api || !event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return;
      const group = api.activeGroup;
      if (!group) return;
      const grow: Record<string, [number, number]> = { ArrowRight: [STEP_PX, 0], ArrowLeft: [-STEP_PX, 0], ArrowDown: [0, STEP_PX], ArrowUp: [0, -STEP_PX] };
      const step = grow[event.key];
      if (step) {
        event.preventDefault();
        const [wider, taller] = step;
        if (wider) group.api.setSize({ width: group.api.width + wider });
        if (taller) group.api.setSize({ height: group.api.height + taller });
      } else if (event.key === 'Enter') {
        event.preventDefault();
        if (group.api.isMaximized()) group.api.exitMaximized();
        else group.api.maximize();
      }
    },
    [api],
  );
}
