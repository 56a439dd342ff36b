/**
 * Control characters, the line and paragraph separators, the bidirectional overrides and isolates,
 * and a half of a surrogate pair alone: in a free-text field (an order tag) they can make the
 * journal, a CSV or a log read differently from what was sent (a lone half is stored as U+FFFD).
 */
const UNSAFE_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_TEXT_ALL = new RegExp(UNSAFE_TEXT.source, 'g');

export const hasUnsafeText = (text: string) => UNSAFE_TEXT.test(text);

/** The text without control and bidi characters, for inputs that clean what is pasted. */
export const stripUnsafeText = (text: string) => text.replace(UNSAFE_TEXT_ALL, '');
