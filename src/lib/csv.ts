/**
 * CSV as RFC 4180 writes it: fields separated by commas, lines ended by CRLF, a field that
 * holds a comma, a quote or a line break wrapped in quotes with its quotes doubled. A cell a
 * spreadsheet would read as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage
 * return) gets a leading `'`, so opening an export never runs what a visitor typed (OWASP
 * "CSV injection").
 */

/** The byte order mark spreadsheet programs look for to read a file as UTF-8. */
export const CSV_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;
const QUOTES = /"/g;

/** Whether a cell starting with this UTF-16 unit would be read as a formula: `=`, `+`, `-`, `@`, tab, carriage return. */
const formulaStart = (unit: number) => unit === 61 || unit === 43 || unit === 45 || unit === 64 || unit === 9 || unit === 13;

/** One cell's text: a value as text, neutralised and quoted as needed. */
export function csvCell(value: unknown): string {
  const text = typeof value === 'string' ? value : cellText(value);
  if (text === '') return text;
  const safe = formulaStart(text.charCodeAt(0)) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(QUOTES, '""')}"` : safe;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) return value.join(', ');
  return JSON.stringify(value);
}

/** One line of cells, CRLF included. */
export function csvLine(values: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += i === 0 ? csvCell(values[i]) : `,${csvCell(values[i])}`;
  return `${line}\r\n`;
}
