import type { Language } from '@app/contracts';

/** Days of the week (0 = Sunday) by name in `lang`, for messages such as "open on Monday, Friday". */
export function weekdayNames(days: number[], lang: Language): string {
  // 2023-01-01 was a Sunday: day d of the week is January (1 + d).
  const format = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' });
  return days.map((day) => format.format(new Date(Date.UTC(2023, 0, 1 + day)))).join(', ');
}
