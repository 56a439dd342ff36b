import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';

/** up, down, or nothing: shown as `data-tone` on a live cell. */
export type Tone = 'up' | 'down' | '';

export interface GridColumn<T extends RowData> {
  id: string;
  title: string;
  /** Shown on hover and keyboard focus of the header. */
  tooltip?: string;
  align?: 'left' | 'right';
  /** Width in px; the trader can resize it. */
  width: number;
  /** What the column sorts by; without it the column does not sort. */
  sortValue?: (row: T) => number | string | null | undefined;
  /**
   * A live column (a value that ticks): the cell's text, written into the cell on every update
   * without a React render. Give either `text` or `cell`.
   */
  text?: (row: T) => string;
  /** Of a live column: the tone of the value (coloured; tinted when `flash`). */
  tone?: (row: T) => Tone | undefined;
  /** Of a live column: the tone is a brief tint when the value moves (FLASH_MS), then none. */
  flash?: boolean;
  /** A rendered cell, for anything that is not plain text. */
  cell?: (row: T) => ReactNode;
  /** Classes of the cell that do not change with the row (e.g. `num`). */
  cellClass?: string;
  /** A tooltip on the cell. */
  cellTitle?: (row: T) => string | undefined;
  /**
   * Of a rendered cell: what it shows, as a value. When it is the same as at the last render the
   * cell is not rendered again. Default: the sort value.
   */
  cellKey?: (row: T) => unknown;
  hideable?: boolean;
  hiddenByDefault?: boolean;
}
