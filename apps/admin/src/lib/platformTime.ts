import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { platformFormat } from './format.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss.SSS';

/** The platform's zone, or undefined when none is set or this browser does not know it (its own zone then). */
function zone(): string | undefined {
  const { timeZone } = platformFormat();
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
