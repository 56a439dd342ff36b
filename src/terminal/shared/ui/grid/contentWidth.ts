/**
 * Column widths from what the column holds, so that figures and titles are never cut. Estimated
 * from character counts (no layout to measure on the hot path): generous per character, since a
 * column a few pixels wide is harmless and an ellipsis in a price is not.
 */

/** A digit of the grid's tabular figures, at its font size, with room to spare. */
const FIGURE_PX = 8.5;
/** A letter of a header title (medium weight), with room to spare. */
const LETTER_PX = 8;
/** A bold capital of a name (a market's base asset), with room to spare. */
const BOLD_LETTER_PX = 10;
/** A body cell's padding on both sides, and a little slack for rounding. */
const CELL_PADDING_PX = 24;
/** A header's padding, the sort mark and its gap. */
const HEADER_EXTRA_PX = 32;

/** The width a cell needs for a figure of `chars` characters. */
export const figureWidth = (chars: number) => Math.ceil(chars * FIGURE_PX) + CELL_PADDING_PX;

/** A character of Chinese, Japanese or Korean: as wide as its font size, twice a Latin letter. */
const WIDE_CHAR = /[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/gu;
const WIDE_PX = 15;

let pen: CanvasRenderingContext2D | null | undefined;
const measured = new Map<string, number>();

/** A title's width in the page's header font, measured once; undefined where nothing draws (a test's document). */
function measuredWidth(title: string): number | undefined {
  const known = measured.get(title);
  if (known !== undefined) return known;
  if (pen === undefined) {
    try {
      pen = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      pen = null;
    }
    if (pen) {
      const style = getComputedStyle(document.body);
      // A header is medium weight, in the page's face and size.
      pen.font = `500 ${style.fontSize} ${style.fontFamily}`;
    }
  }
  if (!pen) return undefined;
  const width = pen.measureText(title).width;
  measured.set(title, width);
  return width;
}

/** An estimate of a title's width from its characters, the wide ones counted as such. */
function estimatedWidth(title: string): number {
  const wide = title.match(WIDE_CHAR)?.length ?? 0;
  return (title.length - wide) * LETTER_PX + wide * WIDE_PX;
}

/**
 * The width a header needs for its title and sort mark, in any script ("下次资金费" is five
 * characters twice as wide as Latin ones): measured in the page's font where it can be, with room
 * for glyphs a fallback font draws wider.
 */
export const titleWidth = (title: string) => {
  const width = measuredWidth(title);
  return Math.ceil(width === undefined ? estimatedWidth(title) : width * 1.08 + 2) + HEADER_EXTRA_PX;
};

/** The width a cell needs for a bold name of `chars` characters followed by `after` px of smaller text. */
export const nameWidth = (chars: number, after: number) => Math.ceil(chars * BOLD_LETTER_PX) + after + CELL_PADDING_PX;
