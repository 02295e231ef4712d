import type { DateFormat, Language } from '@app/contracts';
import { formatDecimal } from '@app/contracts';
import { sessionStore } from '../store/session';

/** The language the screens are in: the formatters follow it unless a caller names another. */
function currentLanguage(): Language {
  return sessionStore.get().language;
}

/**
 * "1234.50" with symbol "$" → "$1,234.50" in English, "1 234,50 $" in French: the API's decimal
 * string goes to Intl as a string, never through a float.
 */
export function formatMoney(
  amount: string | undefined | null,
  symbol: string,
  language: Language = currentLanguage(),
): string {
  if (amount === undefined || amount === null || amount === '') return `${symbol}--`;
  return formatDecimal(amount, LOCALES[language], symbol);
}

/** Points are a plain number: grouped the language's way, without the currency symbol or trailing zero decimals. */
export function formatPoints(amount: string | undefined | null, language: Language = currentLanguage()): string {
  if (!amount) return '0';
  const [whole = '0', fraction = ''] = amount.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return formatDecimal(trimmed ? `${whole}.${trimmed}` : whole, LOCALES[language]);
}

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

interface DateSettings {
  timeZone: string | undefined;
  dateFormat: DateFormat;
}

/** The platform's time zone and date format from GET /appConfig (the spec's yyyy-mm-dd until it is known). */
function dateSettings(): DateSettings {
  const config = sessionStore.get().config;
  return { timeZone: config?.timezone, dateFormat: config?.date_format ?? 'yyyy-mm-dd' };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // A zone this browser does not know: its own zone rather than no date at all.
      format = new Intl.DateTimeFormat(locale, options);
    }
    dateFormats.set(key, format);
  }
  return format;
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The calendar day in the platform's zone, written in the configured format ("2026-11-21" by default). */
function writeDay(date: Date, language: Language, { timeZone, dateFormat }: DateSettings): string {
  if (dateFormat === 'language') {
    return dateTimeFormat(LOCALES[language], timeZone, { year: 'numeric', month: 'short', day: 'numeric' }).format(
      date,
    );
  }
  const parts = dateTimeFormat('en-US', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    date,
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return dateFormat.replace('yyyy', part('year')).replace('mm', part('month')).replace('dd', part('day'));
}

/** A date in the platform's time zone and configured format (docs/decisions.md), e.g. "2026-11-21". */
export function formatDate(value: string | number | Date, language: Language): string {
  const date = toDate(value);
  return date ? writeDay(date, language, dateSettings()) : '';
}

/** Date and time of day in the platform's time zone, the time written the language's way ("2026-11-21 14:05"). */
export function formatDateTime(value: string | number | Date, language: Language): string {
  const date = toDate(value);
  if (!date) return String(value);
  const settings = dateSettings();
  const time = dateTimeFormat(LOCALES[language], settings.timeZone, { timeStyle: 'short' }).format(date);
  return `${writeDay(date, language, settings)} ${time}`;
}

/**
 * Relative time (docs/product.md#shared-widgets): under 300 s 'just now', then minutes, hours, days
 * (under 30), then the date.
 * Works both ways: past times read "5 minutes ago", future ones (next income) "in 5 minutes".
 */
export function formatRelative(value: string | number | Date, language: Language, justNow: string, now = Date.now()) {
  const date = toDate(value);
  if (!date) return '';
  const diff = Math.round((now - date.getTime()) / 1000);
  const seconds = Math.abs(diff);
  const sign = diff >= 0 ? -1 : 1;
  if (seconds < 300) return justNow;
  const rtf = new Intl.RelativeTimeFormat(LOCALES[language], { numeric: 'auto' });
  if (seconds < 3600) return rtf.format(sign * Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return rtf.format(sign * Math.floor(seconds / 3600), 'hour');
  if (seconds < 30 * 86_400) return rtf.format(sign * Math.floor(seconds / 86_400), 'day');
  return formatDate(date, language);
}
