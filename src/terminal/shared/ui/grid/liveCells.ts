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
  /** When the flash under way ends (performance.now()), if one is. */
  flashUntil?: number;
}

/** How long a moved value stays tinted: a glance, then neutral (never until the next poll). */
export const FLASH_MS = 300;
/**
 * A flash due to end this soon after a commit ends with that commit instead: a frame of its own
 * would lay out, paint and composite the whole page again for a tint. When polls come faster than
 * FLASH_MS, the tint of a cell that stopped moving goes with the next poll's frame (at least
 * FLASH_MS − this on screen); at slower polls nothing changes.
 */
export const FLASH_JOIN_MS = 100;

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
  private readonly flashes = new FlashClock();

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
    this.flashes.forget(cell);
    cells.delete(columnId);
    if (cells.size === 0) this.rows.delete(rowId);
  }

  /** Before a commit's writes: ends the flashes due within FLASH_JOIN_MS, in this commit's frame. */
  beginWrites(now = performance.now()): void {
    this.flashes.endDue(now + FLASH_JOIN_MS);
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
      writeCell(cell, column, row, this.flashes);
    }
  }
}

/**
 * Ends the flashes of one grid with one timer, not one per cell: a poll that moves every price in
 * view starts thirty flashes at once, and they end together. A flash is a tint switched on and
 * off, not faded (grid.css): a fade redraws the cells in every frame between two polls.
 */
class FlashClock {
  private readonly flashing = new Set<LiveCell>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = Number.POSITIVE_INFINITY;

  start(cell: LiveCell, tone: string): void {
    if (tone !== cell.tone) cell.element.setAttribute('data-tone', tone);
    cell.tone = tone;
    cell.flashUntil = performance.now() + FLASH_MS;
    this.flashing.add(cell);
    this.arm(cell.flashUntil);
  }

  forget(cell: LiveCell): void {
    this.flashing.delete(cell);
  }

  private arm(at: number): void {
    if (this.timer !== undefined && this.timerAt <= at) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(this.end, Math.max(0, at - performance.now()));
  }

  /** Ends every flash due by `by`; the timer is kept for the rest. */
  endDue(by: number): void {
    if (this.timerAt > by) return;
    clearTimeout(this.timer);
    this.endBy(by);
  }

  private readonly end = () => this.endBy(performance.now());

  private endBy(now: number): void {
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    let next = Number.POSITIVE_INFINITY;
    for (const cell of this.flashing) {
      const until = cell.flashUntil ?? 0;
      if (until > now) {
        next = Math.min(next, until);
        continue;
      }
      cell.element.removeAttribute('data-tone');
      cell.tone = '';
      cell.flashUntil = undefined;
      this.flashing.delete(cell);
    }
    if (next !== Number.POSITIVE_INFINITY) this.arm(next);
  }
}

function writeCell(cell: LiveCell, column: GridColumn<RowData>, row: RowData, flashes: FlashClock): void {
  const text = column.text!(row);
  const changed = cell.text !== undefined && text !== cell.text;
  if (text !== cell.text) {
    // The same text node with a new value: cheaper for the browser than a new node.
    if (cell.node) cell.node.nodeValue = text;
    else cell.node = cell.element.appendChild(document.createTextNode(text));
    cell.text = text;
  }
  if (column.tone && column.flash) {
    const tone = column.tone(row) ?? '';
    if (changed && tone) flashes.start(cell, tone);
  } else if (column.tone) {
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
