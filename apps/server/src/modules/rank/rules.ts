import { applyRate, type RankCycleKind, toMinor } from '@app/contracts';
import { startOfZonedDay, zonedDates, zonedWeekday } from '../../time.ts';

/** How cycles are cut: their length and, for weeks, the day they start on, in the platform's time zone. */
export interface CycleSettings {
  kind: RankCycleKind;
  weekStart: number;
  timeZone: string;
}

export interface CycleSpan {
  startsAt: Date;
  endsAt: Date;
}

const DAY_MS = 86_400_000;

/**
 * Local midnight `days` days after (or before) the local midnight `midnight`. Local days last 23
 * to 25 hours where clocks change, so the step lands mid-day and comes back to that day's midnight.
 */
function midnightAfter(midnight: Date, days: number, timeZone: string): Date {
  return startOfZonedDay(new Date(midnight.getTime() + days * DAY_MS + DAY_MS / 2), timeZone);
}

/** The day, week (from `weekStart`) or calendar month of the platform's time zone that holds `at`. */
export function periodOf(at: Date, { kind, weekStart, timeZone }: CycleSettings): CycleSpan {
  const today = startOfZonedDay(at, timeZone);
  if (kind === 'day') return { startsAt: today, endsAt: midnightAfter(today, 1, timeZone) };
  if (kind === 'week') {
    const startsAt = midnightAfter(today, -((zonedWeekday(at, timeZone) - weekStart + 7) % 7), timeZone);
    return { startsAt, endsAt: midnightAfter(startsAt, 7, timeZone) };
  }
  const [year, month, day] = zonedDates(at, timeZone).today.split('-').map(Number) as [number, number, number];
  const startsAt = midnightAfter(today, 1 - day, timeZone);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { startsAt, endsAt: midnightAfter(startsAt, daysInMonth, timeZone) };
}

/**
 * The cycle to open at `now` when none holds it: it starts where the previous one ended (so a
 * change of the settings applies from the next cycle, without a gap or an overlap), or at the
 * start of the current period when the previous one ended before it; it ends with the current
 * period, or where an existing later cycle starts.
 */
export function nextCycle(
  now: Date,
  around: { previousEnd: Date | null; nextStart: Date | null },
  settings: CycleSettings,
): CycleSpan {
  const period = periodOf(now, settings);
  const { previousEnd, nextStart } = around;
  const startsAt = previousEnd && previousEnd > period.startsAt ? previousEnd : period.startsAt;
  const endsAt = nextStart && nextStart < period.endsAt ? nextStart : period.endsAt;
  return { startsAt, endsAt };
}

export function secondsLeft(endsAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / 1000));
}

/**
 * A settlement waits this long after its cycle's end, so that purchases judged in the cycle's last
 * moments have been written before the standings are frozen.
 */
export const SETTLE_GRACE_MS = 60_000;

export function settlesFrom(endsAt: Date): Date {
  return new Date(endsAt.getTime() + SETTLE_GRACE_MS);
}

/** A name as stored: spaces trimmed and runs of spaces made one. */
export function normalizeTeamName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/** Letters and digits only, lower case: "B.A.D w0rd" is compared as "badw0rd". */
const folded = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

export type TeamNameProblem =
  | { key: 'TEAM_NAME_REQUIRED' }
  | { key: 'TEAM_NAME_LENGTH'; params: { min: number; max: number } }
  | { key: 'TEAM_NAME_FORBIDDEN' };

/**
 * What is wrong with a (normalized) team name under the configured limits, if anything. Length
 * counts characters, not UTF-16 units; a bad word is refused anywhere in the name, whatever the
 * case, spacing or punctuation around its letters.
 */
export function teamNameProblem(
  name: string,
  rules: { min: number; max: number; badWords: readonly string[] },
): TeamNameProblem | null {
  const length = [...name].length;
  if (length === 0) return { key: 'TEAM_NAME_REQUIRED' };
  if (length < rules.min || length > rules.max) {
    return { key: 'TEAM_NAME_LENGTH', params: { min: rules.min, max: rules.max } };
  }
  const letters = folded(name);
  const forbidden = rules.badWords.some((word) => {
    const bad = folded(word);
    return bad.length > 0 && letters.includes(bad);
  });
  return forbidden ? { key: 'TEAM_NAME_FORBIDDEN' } : null;
}

/** When the owner may choose a new name again, having chosen one at `namedAt`. */
export function renameOpensAt(namedAt: Date, changeDays: number): Date {
  return new Date(namedAt.getTime() + changeDays * DAY_MS);
}

/**
 * The points a purchase of `amount` (minor units) gives each of the buyer's inviters: the share of
 * the inviter's level (`team_points_rates`), rounded down; inviters it gives nothing are left out.
 */
export function teamPointsOf(
  amount: bigint,
  ancestors: readonly { ancestorId: number; depth: number }[],
  rates: readonly string[],
): { ownerId: number; points: bigint }[] {
  return ancestors
    .map(({ ancestorId, depth }) => ({ ownerId: ancestorId, points: applyRate(amount, rates[depth - 1] ?? '0') }))
    .filter((share) => share.points > 0n);
}

/** Points are shown in whole currency units, rounded down. */
export function wholePoints(points: bigint, decimals: number): string {
  return (points / 10n ** BigInt(decimals)).toString();
}

/** A configured prize in minor units; decimals beyond the currency's are dropped, never rounded up. */
export function prizeMinor(prize: string, decimals: number): bigint {
  const exact = 8;
  return toMinor(prize, exact) / 10n ** BigInt(exact - decimals);
}
