import type { Language, PlatformDateStyle } from '@app/contracts';
import { formatDecimal, formatPlatformDate, formatPlatformDateTime, localeOf } from '@app/contracts';
import { sessionStore } from '../store/session';

/** Callers of this module write dates and numbers in the same locale as it. */
export { localeOf } from '@app/contracts';

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
  return formatDecimal(amount, localeOf(language), symbol);
}

/** Points are a plain number: grouped the language's way, without the currency symbol or trailing zero decimals. */
export function formatPoints(amount: string | undefined | null, language: Language = currentLanguage()): string {
  if (!amount) return '0';
  const [whole = '0', fraction = ''] = amount.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return formatDecimal(trimmed ? `${whole}.${trimmed}` : whole, localeOf(language));
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** Shares are kept to 6 decimals ("0.000001"): 4 decimals of a percent show every one exactly. */
function percentFormat(locale: string): Intl.NumberFormat {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 });
    percentFormats.set(locale, format);
  }
  return format;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A share as a decimal string ("0.05", "1.5") as a percentage written the language's way: "5%" in
 * English, "5 %" in French and Spanish. Every percentage on screen goes through here (or
 * `formatPercent`), so no two on one screen are written differently. Intl reads the string as an
 * exact decimal, never a float.
 */
export function formatShare(share: string, language: Language = currentLanguage()): string {
  if (!DECIMAL.test(share)) return share;
  return percentFormat(localeOf(language)).format(share as Intl.StringNumericLiteral);
}

/** A figure already in percent ("150.00", "12.5", 40) as a percentage: "150%", "12,5 %" in French. */
export function formatPercent(percent: string | number, language: Language = currentLanguage()): string {
  const text = String(percent);
  if (!DECIMAL.test(text)) return text;
  // The decimal point moves two places left in the string: "12.5" → "0.125", "150.00" → "1.5000".
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const digits = whole.padStart(3, '0');
  const share = `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}${fraction}`;
  return formatShare(share, language);
}

/** The platform's time zone and date format from GET /appConfig (the spec's yyyy-mm-dd until it is known), in `language`. */
function dateStyle(language: Language): PlatformDateStyle {
  const config = sessionStore.get().config;
  return { timeZone: config?.timezone, dateFormat: config?.date_format ?? 'yyyy-mm-dd', locale: localeOf(language) };
}

/** A date in the platform's time zone and configured format (docs/decisions.md), e.g. "2026-11-21". */
export function formatDate(value: string | number | Date, language: Language): string {
  return formatPlatformDate(value, dateStyle(language)) ?? '';
}

/**
 * A calendar day of the platform ("2026-11-28", as the statistics name their days) in the
 * configured date format: read and written at UTC midnight, so no time zone moves it to another day.
 */
export function formatCalendarDay(day: string, language: Language = currentLanguage()): string {
  return formatPlatformDate(`${day}T00:00:00Z`, { ...dateStyle(language), timeZone: 'UTC' }) ?? day;
}

/** Date and time of day in the platform's time zone, the time written the language's way ("2026-11-21 14:05"). */
export function formatDateTime(value: string | number | Date, language: Language): string {
  return formatPlatformDateTime(value, dateStyle(language)) ?? String(value);
}

/**
 * Relative time (docs/product.md#shared-widgets): under 300 s 'just now', then minutes, hours, days
 * (under 30), then the date.
 * Works both ways: past times read "5 minutes ago", future ones (next income) "in 5 minutes".
 */
export function formatRelative(value: string | number | Date, language: Language, justNow: string, now = Date.now()) {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const diff = Math.round((now - time) / 1000);
  const seconds = Math.abs(diff);
  const sign = diff >= 0 ? -1 : 1;
  if (seconds < 300) return justNow;
  const rtf = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' });
  if (seconds < 3600) return rtf.format(sign * Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return rtf.format(sign * Math.floor(seconds / 3600), 'hour');
  if (seconds < 30 * 86_400) return rtf.format(sign * Math.floor(seconds / 86_400), 'day');
  return formatDate(time, language);
}
