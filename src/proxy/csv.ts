/**
 * RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled. Text that a
 * spreadsheet would run as a formula (=, +, -, @ first) is prefixed with a quote mark.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const field = (value: unknown) => {
    if (value === null || value === undefined) return '';
    let text = String(value);
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
