import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DockLayout, GridNode } from './dockLayout';
// The source language is active before this module says anything, in a test as in the terminal.
import '@/terminal/shared/i18n/i18n';

/**
 * The panels the terminal has, and the titles their layouts are written with (the docking
 * library's JSON keeps them); on screen a panel is called by panelTitle, in the trader's language.
 */
export const PANEL_TITLES = {
  markets: 'Markets',
  chart: 'Chart',
  ticket: 'Ticket',
  orders: 'Orders',
  held: 'Held orders',
  account: 'Account',
  approvals: 'Approvals',
  desk: 'Desk',
  audit: 'Audit',
} as const satisfies Record<string, string>;
export type PanelId = keyof typeof PANEL_TITLES;

const PANEL_WORDS: Record<PanelId, MessageDescriptor> = {
  markets: msg({ message: 'Markets', context: 'panel' }),
  chart: msg({ message: 'Chart', context: 'panel' }),
  ticket: msg({ message: 'Ticket', context: 'panel: the order ticket' }),
  orders: msg({ message: 'Orders', context: 'panel' }),
  held: msg({ message: 'Held orders', context: 'panel: stops, take-profits, trailing stops and TWAPs the proxy holds' }),
  account: msg({ message: 'Account', context: 'panel' }),
  approvals: msg({ message: 'Approvals', context: 'panel: tickets waiting for a second pair of eyes' }),
  desk: msg({ message: 'Desk', context: 'panel: users and accounts of the desk with their limits' }),
  audit: msg({ message: 'Audit', context: 'panel: the audit trail of who did what' }),
};

/** A panel's title in the active language; undefined for a panel this terminal does not have. */
export const panelTitle = (id: string): string | undefined =>
  Object.hasOwn(PANEL_WORDS, id) ? i18n._(PANEL_WORDS[id as PanelId]) : undefined;

/**
 * A preset written as a trader would draw it: rows and columns of shares (weights), down to stacks
 * of tabs. Rows and columns alternate, as in the docking grid.
 */
export type Arrangement =
  | { tabs: readonly PanelId[] }
  | { row: readonly (readonly [number, Arrangement])[] }
  | { column: readonly (readonly [number, Arrangement])[] };

/** Below these a panel's content no longer fits: the ticket's fields, a table's first columns. */
const MINIMUM: Partial<Record<PanelId, { minimumWidth: number; minimumHeight?: number }>> = {
  ticket: { minimumWidth: 320, minimumHeight: 200 },
  markets: { minimumWidth: 280, minimumHeight: 160 },
};

/** Sizes are written for this box; the docking library scales them to the screen it opens on. */
const WIDTH = 1440;
const HEIGHT = 840;

function node(arrangement: Arrangement, size: number, across: number, groups: { next: number }): GridNode {
  if ('tabs' in arrangement) {
    const id = `group-${++groups.next}`;
    return { type: 'leaf', size, data: { id, views: [...arrangement.tabs], activeView: arrangement.tabs[0] } };
  }
  const children = 'row' in arrangement ? arrangement.row : arrangement.column;
  const total = children.reduce((sum, [weight]) => sum + weight, 0);
  return {
    type: 'branch',
    size,
    data: children.map(([weight, child]) => node(child, Math.round((across * weight) / total), size, groups)),
  };
}

/** The docking library's layout for an arrangement whose outermost split is a row. */
export function dockLayoutOf(arrangement: Arrangement & { row: unknown }): DockLayout {
  const root = node(arrangement, HEIGHT, WIDTH, { next: 0 });
  const panels: DockLayout['panels'] = {};
  const collect = (grid: GridNode) => {
    if (grid.type === 'leaf') {
      for (const id of grid.data.views) panels[id] = { id, contentComponent: id, title: PANEL_TITLES[id as PanelId], ...MINIMUM[id as PanelId] };
    } else grid.data.forEach(collect);
  };
  collect(root);
  return { grid: { root, width: WIDTH, height: HEIGHT, orientation: 'HORIZONTAL' }, panels };
}

export const PRESETS = {
  trade: {
    name: 'Trade',
    arrangement: {
      row: [
        // Markets beside the chart, tall enough for 15 rows at 900 px and wide enough for the
        // columns a trader scans first (market, mark, 24h, funding, next funding, open interest);
        // the orders and the account under them. The ticket has the full height, as in the
        // terminals traders know: its fields and its send button are all in view at 900 px.
        [
          75,
          {
            column: [
              [63, { row: [[64, { tabs: ['markets'] }], [36, { tabs: ['chart'] }]] }],
              [37, { row: [[55, { tabs: ['orders'] }], [45, { tabs: ['account'] }]] }],
            ],
          },
        ],
        [25, { tabs: ['ticket'] }],
      ],
    },
  },
  batch: {
    name: 'Batch',
    arrangement: {
      row: [
        [34, { column: [[60, { tabs: ['markets'] }], [40, { tabs: ['orders', 'account'] }]] }],
        [66, { tabs: ['ticket'] }],
      ],
    },
  },
  watch: {
    name: 'Watch',
    arrangement: { row: [[45, { tabs: ['markets'] }], [55, { tabs: ['chart'] }]] },
  },
} as const satisfies Record<string, { name: string; arrangement: Arrangement & { row: unknown } }>;
export type PresetId = keyof typeof PRESETS;
export const PRESET_IDS = Object.keys(PRESETS) as PresetId[];
export const isPresetId = (id: string): id is PresetId => Object.hasOwn(PRESETS, id);
export const DEFAULT_WORKSPACE: PresetId = 'trade';

/**
 * The Trade preset on a screen narrower than a laptop's (a tablet, 768 px): markets over the chart
 * over the orders and account, beside the ticket, so no panel is squeezed to a sliver.
 */
const NARROW_TRADE: Arrangement & { row: unknown } = {
  row: [
    [58, { column: [[40, { tabs: ['markets'] }], [34, { tabs: ['chart'] }], [26, { tabs: ['orders', 'account'] }]] }],
    [42, { tabs: ['ticket'] }],
  ],
};
const NARROW_MAX_WIDTH = 1100;
const isNarrow = () => typeof window !== 'undefined' && window.innerWidth < NARROW_MAX_WIDTH;

export const presetLayout = (id: PresetId): DockLayout =>
  dockLayoutOf(id === 'trade' && isNarrow() ? NARROW_TRADE : PRESETS[id].arrangement);

const PRESET_WORDS: Record<PresetId, MessageDescriptor> = {
  trade: msg({ message: 'Trade', context: 'name of a workspace layout' }),
  batch: msg({ message: 'Batch', context: 'name of a workspace layout: many orders at once' }),
  watch: msg({ message: 'Watch', context: 'name of a workspace layout: watching markets' }),
};

/**
 * What a workspace is called on screen: a preset the trader has not renamed speaks the active
 * language (its stored name is the English one it was made with); any other name is the trader's.
 */
export function workspaceName(id: string, workspace: { name: string } | undefined): string {
  if (isPresetId(id) && (workspace === undefined || workspace.name === PRESETS[id].name)) return i18n._(PRESET_WORDS[id]);
  return workspace?.name ?? id;
}
