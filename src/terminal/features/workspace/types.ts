import type { ComponentType } from 'react';
import type { Words } from '@/terminal/shared/words';

/** What a panel says in its header, so a trader who shrinks or hides it still sees it. */
export interface PanelHeaderState {
  /** "48 · live", "3 · 4 s", "" for nothing to say. */
  text: string;
  stale: boolean;
}

/**
 * A panel the workspace can place: its tab's title, its component and the hook for its header.
 * The title and label are read when shown: give `msg` descriptors so they follow the language.
 */
export interface PanelEntry<C extends ComponentType = ComponentType> {
  title: Words;
  Component: C;
  useHeader: () => PanelHeaderState;
  /** The accessible name of the panel's region, also while its code is still loading. */
  label: Words;
}

export type PanelRegistry = Readonly<Record<string, PanelEntry>>;

/**
 * A panel as the hosts, the phone and the Layout menu place it: without its header's hook, which
 * only the dock's tabs call (the app brings the headers with the dock's code, not the first load).
 */
export type PanelBody<C extends ComponentType = ComponentType> = Omit<PanelEntry<C>, 'useHeader'>;
export type PanelBodies = Readonly<Record<string, PanelBody>>;
