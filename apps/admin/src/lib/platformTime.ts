import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { platformFormat } from './format.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss.SSS';

/**
 * The platform's zone (or `timeZone`), or undefined when none is set or this browser does not know
 * it (its own zone then).
 */
function zone(timeZone = platformFormat().timeZone): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/**
 * A moment as a date picker shows it: the platform's wall-clock time, held in a plain dayjs of the
 * browser's zone because the picker edits its fields there. The operator picks the times users and
 * rules go by, the same the tables show.
 */
export function toPicker(moment: string | Date): Dayjs {
  const platform = zone();
  return platform ? dayjs(dayjs(moment).tz(platform).format(WALL_CLOCK)) : dayjs(moment);
}

/** What the operator picked, read as the platform's wall-clock time: the moment (ISO) the API takes. */
export function fromPicker(value: Dayjs): string {
  const platform = zone();
  return platform ? dayjs.tz(value.format(WALL_CLOCK), platform).toISOString() : value.toISOString();
}

/** Binds a DatePicker to an ISO moment in the form store, in the platform's wall-clock time. */
export const platformDateBinding = {
  getValueProps: (value: string | null) => ({ value: value ? toPicker(value) : null }),
  normalize: (value: Dayjs | null) => (value ? fromPicker(value) : null),
};

/** The picker's days before the platform's today, on which nothing can expire or start. */
export function beforePlatformToday(day: Dayjs): boolean {
  return day.isBefore(toPicker(new Date()), 'day');
}

/** A moment read on the zone's clock (or the browser's), and back: wall-clock arithmetic in between. */
function onClock(moment: Date, timeZone: string | undefined): Dayjs {
  return timeZone ? dayjs(dayjs(moment).tz(timeZone).format(WALL_CLOCK)) : dayjs(moment);
}
function fromClock(wall: Dayjs, timeZone: string | undefined): Date {
  return timeZone ? dayjs.tz(wall.format(WALL_CLOCK), timeZone).toDate() : wall.toDate();
}

/**
 * The next whole hour after `now` on the platform's clock (14:40 in Kolkata: 15:00 there, though
 * it is half past in UTC); `timeZone` instead of the platform's, for tests.
 */
export function nextWholeHour(now: Date, timeZone?: string): Date {
  const platform = zone(timeZone);
  return fromClock(onClock(now, platform).startOf('hour').add(1, 'hour'), platform);
}

/** The same time of day on the platform's clock `days` later (across a change of summer time too). */
export function sameTimeDaysLater(moment: Date, days: number, timeZone?: string): Date {
  const platform = zone(timeZone);
  return fromClock(onClock(moment, platform).add(days, 'day'), platform);
}
