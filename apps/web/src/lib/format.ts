import type { Language } from '@app/contracts';
import { groupThousands } from '@app/contracts';

/** "1234.5" with symbol "$" → "$1,234.5": grouping only, the API's decimal string is never turned into a float. */
export function formatMoney(amount: string | undefined | null, symbol: string): string {
  if (amount === undefined || amount === null || amount === '') return `${symbol}--`;
  const negative = amount.startsWith('-');
  const digits = negative ? amount.slice(1) : amount;
  return `${negative ? '-' : ''}${symbol}${groupThousands(digits)}`;
}

/** Points are a plain number: grouped, without the currency symbol or trailing zero decimals. */
export function formatPoints(amount: string | undefined | null): string {
  if (!amount) return '0';
  const [whole = '0', fraction = ''] = amount.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return groupThousands(trimmed ? `${whole}.${trimmed}` : whole);
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

/** Date in the user's language (Intl), e.g. "Nov 21, 2026" / "21 nov. 2026" / "2026年11月21日". */
export function formatDate(value: string | number | Date, language: Language): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[language], { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

export function formatDateTime(value: string | number | Date, language: Language): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * Relative time (docs/product.md#shared-widgets): under 300 s 'just now', then minutes, hours, days
 * (under 30), then the date.
 * Works both ways: past times read "5 minutes ago", future ones (next income) "in 5 minutes".
 */
export function formatRelative(value: string | number | Date, language: Language, justNow: string, now = Date.now()) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
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
