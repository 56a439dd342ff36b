import type { RowData } from '@tanstack/react-table';
import type { GridColumn } from './columns';

/** A live cell in the DOM and what was last written into it. */
interface LiveCell {
  element: HTMLTableCellElement;
  /** The text node the value is written into, once there is one. */
  node?: Text;
  column?: GridColumn<RowData>;
  row?: RowData;
  text?: string;
  tone?: string;
  title?: string;
  /** The end of a flash under way. */
  flashEnds?: ReturnType<typeof setTimeout>;
}

/** How long a moved value stays tinted: a glance, then neutral (never until the next poll). */
export const FLASH_MS = 300;

/**
 * The cells of ticking columns (prices, rates, volumes) of the rows in view. React renders them
 * empty, once, and never again for a new value: after each commit the grid writes what changed
 * straight into the cell (its text node, a `data-tone`, a title). A poll that moves every price
 * then costs a compare and, where the text changed, one DOM write per cell, instead of a render
 * and a reconciliation of every cell.
 */
export class LiveCells {
  /** By row id, then column id. */
  private readonly rows = new Map<string, Map<string, LiveCell>>();

  /**
   * A cell in the DOM, from its ref; the returned cleanup forgets it, and only it: a cell of the
   * same row and column attached meanwhile stays.
   */
  attach(rowId: string, columnId: string, element: HTMLTableCellElement): () => void {
    let cells = this.rows.get(rowId);
    if (!cells) this.rows.set(rowId, (cells = new Map()));
    if (cells.get(columnId)?.element !== element) {
      // A cell attached again keeps writing into the text node it has: a second node would show
      // two prices side by side.
      const shown = element.firstChild instanceof Text ? element.firstChild : undefined;
      cells.set(columnId, { element, node: shown, text: shown?.nodeValue ?? undefined });
    }
    return () => this.detach(rowId, columnId, element);
  }

  private detach(rowId: string, columnId: string, element: HTMLTableCellElement): void {
    const cells = this.rows.get(rowId);
    const cell = cells?.get(columnId);
    if (!cells || cell?.element !== element) return;
    clearTimeout(cell.flashEnds);
    cells.delete(columnId);
    if (cells.size === 0) this.rows.delete(rowId);
  }

  /** Brings the live cells of one row up to date; a cell is not touched when nothing it shows changed. */
  write(rowId: string, columns: readonly GridColumn<RowData>[], row: RowData): void {
    const cells = this.rows.get(rowId);
    if (!cells) return;
    for (const column of columns) {
      const cell = cells.get(column.id);
      if (!cell || (cell.row === row && cell.column === column) || !column.text) continue;
      cell.row = row;
      cell.column = column;
      writeCell(cell, column, row);
    }
  }
}

function writeCell(cell: LiveCell, column: GridColumn<RowData>, row: RowData): void {
  const text = column.text!(row);
  const changed = cell.text !== undefined && text !== cell.text;
  if (text !== cell.text) {
    // The same text node with a new value: cheaper for the browser than a new node.
    if (cell.node) cell.node.nodeValue = text;
    else cell.node = cell.element.appendChild(document.createTextNode(text));
    cell.text = text;
  }
  if (column.tone && column.flash) flash(cell, column.tone(row) ?? '', changed);
  else if (column.tone) {
    const tone = column.tone(row) ?? '';
    if (tone !== cell.tone) {
      if (tone) cell.element.setAttribute('data-tone', tone);
      else cell.element.removeAttribute('data-tone');
      cell.tone = tone;
    }
  }
  if (column.cellTitle) {
    const title = column.cellTitle(row) ?? '';
    if (title !== cell.title) {
      cell.element.title = title;
      cell.title = title;
    }
  }
}

/**
 * A value that moved shows its direction for FLASH_MS, then the cell is neutral again: a poll that
 * leaves it as it was does not tint it, and a tint never flips on and off with every poll.
 */
function flash(cell: LiveCell, tone: string, changed: boolean): void {
  if (!changed || !tone) return;
  clearTimeout(cell.flashEnds);
  cell.element.setAttribute('data-tone', tone);
  cell.tone = tone;
  cell.flashEnds = setTimeout(() => {
    cell.element.removeAttribute('data-tone');
    cell.tone = '';
  }, FLASH_MS);
}
