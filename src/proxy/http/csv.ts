/**
 * RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled. Text that a
 * spreadsheet would run as a formula (=, +, -, @ first) is prefixed with a quote mark.
 */
const field = (value: unknown) => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Lines of CSV, each ended by CRLF. */
export const csvLines = (rows: readonly (readonly unknown[])[]): string =>
  rows.map((row) => `${row.map(field).join(',')}\r\n`).join('');
