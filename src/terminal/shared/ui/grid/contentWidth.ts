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

/** The width a header needs for its title and sort mark. */
export const titleWidth = (title: string) => Math.ceil(title.length * LETTER_PX) + HEADER_EXTRA_PX;

/** The width a cell needs for a bold name of `chars` characters followed by `after` px of smaller text. */
export const nameWidth = (chars: number, after: number) => Math.ceil(chars * BOLD_LETTER_PX) + after + CELL_PADDING_PX;
