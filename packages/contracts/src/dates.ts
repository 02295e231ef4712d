import type { DateFormat } from './config.ts';
import type { Language } from './languages.ts';

/** The locale each language writes its numbers and dates in. */
const LOCALES: Record<Language, string> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  vi: 'vi-VN',
  th: 'th-TH',
  zh: 'zh-CN',
};

export function localeOf(language: Language): string {
  return LOCALES[language];
}

/**
 * How the platform writes a moment: in its configured time zone (`timezone`) and date format
 * (`date_format`), whoever reads it and wherever their device is; the reader's locale only writes the
 * time of day and, for the format `language`, the day itself.
 */
export interface PlatformDateStyle {
  /** An IANA zone ("Africa/Lagos"); undefined, or one the runtime does not know, is the runtime's own zone. */
  timeZone: string | undefined;
  dateFormat: DateFormat;
  /** A BCP 47 locale ("fr-FR"); undefined is the runtime's own. */
  locale: string | undefined;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string | undefined, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // A zone this runtime does not know: its own zone rather than no date at all.
      format = new Intl.DateTimeFormat(locale, options);
    }
    formats.set(key, format);
  }
  return format;
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function writeDay(date: Date, { timeZone, dateFormat, locale }: PlatformDateStyle): string {
  if (dateFormat === 'language') {
    return dateTimeFormat(locale, timeZone, { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
  }
  // Digits only, so the locale does not matter here; en-US writes them with Latin digits.
  const parts = dateTimeFormat('en-US', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    date,
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return dateFormat.replace('yyyy', part('year')).replace('mm', part('month')).replace('dd', part('day'));
}

/** The calendar day of a moment in the platform's zone and format ("2026-11-21"); null when it is not a moment. */
export function formatPlatformDate(value: string | number | Date, style: PlatformDateStyle): string | null {
  const date = toDate(value);
  return date ? writeDay(date, style) : null;
}

/**
 * Day and time of day in the platform's zone ("2026-11-21 14:05", "2026-11-21 2:05:09 PM" with
 * seconds in en-US); null when the value is not a moment.
 */
export function formatPlatformDateTime(
  value: string | number | Date,
  style: PlatformDateStyle,
  { seconds = false }: { seconds?: boolean } = {},
): string | null {
  const date = toDate(value);
  if (!date) return null;
  const time = dateTimeFormat(style.locale, style.timeZone, { timeStyle: seconds ? 'medium' : 'short' }).format(date);
  return `${writeDay(date, style)} ${time}`;
}
