/**
 * CSV as RFC 4180 writes it, for spreadsheets: a cell with a comma, quote or line break is quoted. Text that a
 * spreadsheet would run as a formula (starting =, +, -, @, tab or carriage return, and not a number) is prefixed
 * with an apostrophe, so a note typed as "=cmd…" stays text in the person's own spreadsheet (OWASP, CSV injection).
 */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !Number.isFinite(Number(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(cell).join(',')}\r\n`;
}

/** `sizeHectares` → `size_hectares`: the column names a spreadsheet shows. */
export const columnName = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
