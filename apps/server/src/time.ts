/** Offset of `timeZone` from UTC at `at`, in milliseconds (positive east of Greenwich). */
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
  // Offsets can differ at midnight and now (daylight saving); correct with midnight's own offset.
  return new Date(localMidnight - zoneOffsetMs(new Date(guess), timeZone));
}

/** Day of the week (0 = Sunday) of `at` in `timeZone`. */
export function zonedWeekday(at: Date, timeZone: string): number {
  const local = new Date(at.getTime() + zoneOffsetMs(at, timeZone));
  return local.getUTCDay();
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
