/*
 * Days and times of a time zone, as pure functions of an instant and the zone's name. The
 * memories below (formatters, the last minute's dates) only save work: the answers depend on the
 * arguments alone.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building a formatter costs far more than using one, and the platform has one time zone. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Offset of `timeZone` from UTC at `at`, in milliseconds (positive east of Greenwich). */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(at);
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant local midnight began, in `timeZone`, on the day that contains `at`. */
export function startOfZonedDay(at: Date, timeZone: string): Date {
  const offset = zoneOffsetMs(at, timeZone);
  const local = new Date(at.getTime() + offset);
  const localMidnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const guess = localMidnight - offset;
  // Around a daylight-saving change midnight can come twice (Havana's clocks go from 01:00 back to
  // 00:00) or never (from 00:00 on to 01:00). Of the offsets in force near it, the earliest
  // instant that reads midnight begins the day; with none, the day begins when the clocks jump.
  let start: number | undefined;
  for (const near of [guess - SIX_HOURS_MS, guess, guess + SIX_HOURS_MS]) {
    const candidate = localMidnight - zoneOffsetMs(new Date(near), timeZone);
    const readsMidnight = zoneOffsetMs(new Date(candidate), timeZone) === localMidnight - candidate;
    if (readsMidnight && (start === undefined || candidate < start)) start = candidate;
  }
  return new Date(start ?? localMidnight - zoneOffsetMs(new Date(guess), timeZone));
}

const SIX_HOURS_MS = 6 * 3_600_000;
const MINUTE_MS = 60_000;
let lastDates: { timeZone: string; minute: number; dates: { today: string; yesterday: string } } | undefined;

/**
 * The calendar date (YYYY-MM-DD) of `at` in `timeZone`, and the date before it. Every offset in
 * use is a whole number of minutes, so the answer is the same for a whole minute: a busy route
 * (the bill) works it out once a minute.
 */
export function zonedDates(at: Date, timeZone: string): { today: string; yesterday: string } {
  const minute = Math.floor(at.getTime() / MINUTE_MS);
  if (lastDates?.timeZone === timeZone && lastDates.minute === minute) return lastDates.dates;
  const local = new Date(at.getTime() + zoneOffsetMs(at, timeZone));
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const dates = { today: iso(day), yesterday: iso(day - 86_400_000) };
  lastDates = { timeZone, minute, dates };
  return dates;
}

/** Day of the week (0 = Sunday) of `at` in `timeZone`. */
export function zonedWeekday(at: Date, timeZone: string): number {
  const local = new Date(at.getTime() + zoneOffsetMs(at, timeZone));
  return local.getUTCDay();
}

/** Wall-clock time ("HH:MM", 00:00 to 23:59) of `at` in `timeZone`. */
export function zonedTime(at: Date, timeZone: string): string {
  return new Date(at.getTime() + zoneOffsetMs(at, timeZone)).toISOString().slice(11, 16);
}

/**
 * The instant the clocks of `timeZone` read `time` ("HH:MM") on `day` ("YYYY-MM-DD"). In an hour
 * the clocks skip (a daylight-saving jump), an instant of the jump itself.
 */
export function zonedMoment(day: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  // The offset in force at the guess, then at the instant it gives: right on both sides of a change.
  const guess = wall - zoneOffsetMs(new Date(wall), timeZone);
  return new Date(wall - zoneOffsetMs(new Date(guess), timeZone));
}

/** The calendar day `days` after `day` ("YYYY-MM-DD"), and its weekday (0 = Sunday). */
export function laterDay(day: string, days: number): { day: string; weekday: number } {
  const at = new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000);
  return { day: at.toISOString().slice(0, 10), weekday: at.getUTCDay() };
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
