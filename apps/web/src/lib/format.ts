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

/** The platform's time zone and date format from GET /appConfig (the spec's yyyy-mm-dd until it is known), in `language`. */
function dateStyle(language: Language): PlatformDateStyle {
  const config = sessionStore.get().config;
  return { timeZone: config?.timezone, dateFormat: config?.date_format ?? 'yyyy-mm-dd', locale: localeOf(language) };
}

/** A date in the platform's time zone and configured format (docs/decisions.md), e.g. "2026-11-21". */
export function formatDate(value: string | number | Date, language: Language): string {
  return formatPlatformDate(value, dateStyle(language)) ?? '';
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
