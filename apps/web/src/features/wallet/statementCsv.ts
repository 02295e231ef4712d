import type { EntryType, StatementLine } from '@app/contracts';

/** The byte order mark: spreadsheet apps (Excel above all) then read the file as UTF-8, not their local code page. */
export const UTF8_BOM = '\uFEFF';

/** The header row, in the user's language: date, kind, source, amount, balance after. */
export interface StatementCsvHeaders {
  date: string;
  kind: string;
  source: string;
  amount: string;
  balanceAfter: string;
}

export interface StatementCsvOptions {
  headers: StatementCsvHeaders;
  /** A kind's own name in the user's language (`records.types.*`). */
  kindLabel: (kind: EntryType) => string;
  /** The platform's time zone (`timezone`): every moment is written as its day and time there. */
  timeZone: string | undefined;
}

const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * One field, RFC 4180: quoted when it holds a comma, a quote, a line break or outer spaces. A text a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe, unless it
 * is a plain number such as "-180.00": a source quotes names others chose (a team, a product).
 */
export function csvField(value: string): string {
  let text = value;
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text) || /^\s|\s$/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

const momentFormats = new Map<string, Intl.DateTimeFormat>();

function momentFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = momentFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    };
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // A zone this runtime does not know: its own zone rather than no date at all.
      format = new Intl.DateTimeFormat('en-US', options);
    }
    momentFormats.set(key, format);
  }
  return format;
}

/**
 * A moment as "2026-11-21 14:05:09" in the platform's time zone: the order every spreadsheet reads
 * as a date and time and sorts right, whatever the app's date format or the reader's locale.
 */
export function csvMoment(at: string, timeZone: string | undefined): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  const parts = momentFormat(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/**
 * A statement as a CSV file's text: the BOM, the header row in the user's language, then one row per
 * line as the server sent them (newest first), CRLF line ends. Amounts stay the API's signed decimal
 * strings ("-180.00", points "25"), so a spreadsheet sums them; the source stays empty where the
 * server named none (the kind says it all then).
 */
export function statementCsv(
  lines: readonly StatementLine[],
  { headers, kindLabel, timeZone }: StatementCsvOptions,
): string {
  const rows = [
    [headers.date, headers.kind, headers.source, headers.amount, headers.balanceAfter],
    ...lines.map((line) => [
      csvMoment(line.at, timeZone),
      kindLabel(line.kind),
      line.source,
      line.amount,
      line.balanceAfter,
    ]),
  ];
  return `${UTF8_BOM}${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
