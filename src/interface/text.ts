/**
 * Control characters and the bidirectional overrides and isolates: in a free-text field (an order
 * tag) they can make the journal, a CSV or a log read differently from what was sent.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_TEXT_ALL = new RegExp(UNSAFE_TEXT.source, 'g');

export const hasUnsafeText = (text: string) => UNSAFE_TEXT.test(text);

/** The text without control and bidi characters, for inputs that clean what is pasted. */
export const stripUnsafeText = (text: string) => text.replace(UNSAFE_TEXT_ALL, '');
