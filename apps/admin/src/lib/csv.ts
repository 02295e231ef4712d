import { formatPlatformDate } from '@app/contracts';
import { platformFormat } from './format.ts';

/** One CSV column: a header and how to read the cell from a row. */
export interface CsvColumn<T> {
  title: string;
  value: (row: T) => unknown;
}

/** Text of one cell: objects as JSON, null/undefined as empty. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * RFC 4180 field escaping. Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR)
 * get a leading apostrophe, unless they are plain numbers like "-12.50".
 */
export function escapeCsvCell(value: unknown): string {
  let text = cellText(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text) || /^\s|\s$/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** Builds a CSV document (CRLF line ends, header row first). */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => escapeCsvCell(column.title)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => escapeCsvCell(column.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Offers `csv` as a file download; a BOM makes spreadsheets read it as UTF-8. */
export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `users-2026-11-21.csv`: the platform's day, written the way files sort. */
export function csvFilename(name: string, now = new Date()): string {
  const day = formatPlatformDate(now, { ...platformFormat(), dateFormat: 'yyyy-mm-dd' });
  return `${name}-${day}.csv`;
}
