import { describe, expect, it } from 'vitest';
import {
  type CycleSettings,
  nextCycle,
  normalizeTeamName,
  periodOf,
  prizeMinor,
  renameOpensAt,
  secondsLeft,
  teamNameProblem,
  teamPointsOf,
  wholePoints,
} from './rules.ts';

const lagos = (kind: CycleSettings['kind'], weekStart = 1): CycleSettings => ({
  kind,
  weekStart,
  timeZone: 'Africa/Lagos',
});
const span = (startsAt: string, endsAt: string) => ({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) });

// Friday 27 November 2026, 10:00 in Lagos (UTC+1).
const FRIDAY = new Date('2026-11-27T09:00:00Z');

describe('rank cycles, in the platform time zone', () => {
  it('a week starts at local midnight of the configured weekday and lasts seven days', () => {
    expect(periodOf(FRIDAY, lagos('week'))).toEqual(span('2026-11-22T23:00:00Z', '2026-11-29T23:00:00Z'));
    expect(periodOf(FRIDAY, lagos('week', 0))).toEqual(span('2026-11-21T23:00:00Z', '2026-11-28T23:00:00Z'));
    expect(periodOf(FRIDAY, lagos('week', 5))).toEqual(span('2026-11-26T23:00:00Z', '2026-12-03T23:00:00Z'));
  });

  it('the first instant of a week belongs to it, the last one to the week before', () => {
    const monday = new Date('2026-11-22T23:00:00Z');
    expect(periodOf(monday, lagos('week')).startsAt).toEqual(monday);
    expect(periodOf(new Date(monday.getTime() - 1), lagos('week')).endsAt).toEqual(monday);
  });

  it('a day runs from local midnight to local midnight, a month from the first to the first', () => {
    expect(periodOf(FRIDAY, lagos('day'))).toEqual(span('2026-11-26T23:00:00Z', '2026-11-27T23:00:00Z'));
    expect(periodOf(FRIDAY, lagos('month'))).toEqual(span('2026-10-31T23:00:00Z', '2026-11-30T23:00:00Z'));
    expect(periodOf(new Date('2028-02-15T12:00:00Z'), lagos('month'))).toEqual(
      span('2028-01-31T23:00:00Z', '2028-02-29T23:00:00Z'),
    );
  });

  it('a week over a change of the clocks is seven local days, one hour short', () => {
    const paris: CycleSettings = { kind: 'week', weekStart: 1, timeZone: 'Europe/Paris' };
    // Summer time starts on Sunday 29 March 2026: Monday 23 is UTC+1, Monday 30 is UTC+2.
    expect(periodOf(new Date('2026-03-27T12:00:00Z'), paris)).toEqual(
      span('2026-03-22T23:00:00Z', '2026-03-29T22:00:00Z'),
    );
  });

  it('a new cycle starts where the last one ended, so a change of the settings waits for the next cycle', () => {
    // Weekly until Wednesday 25 November; the operator switched to daily cycles meanwhile.
    const previousEnd = new Date('2026-11-24T23:00:00Z');
    expect(nextCycle(FRIDAY, { previousEnd: new Date('2026-11-26T23:00:00Z'), nextStart: null }, lagos('day'))).toEqual(
      span('2026-11-26T23:00:00Z', '2026-11-27T23:00:00Z'),
    );
    expect(nextCycle(FRIDAY, { previousEnd, nextStart: null }, lagos('week'))).toEqual(
      span('2026-11-24T23:00:00Z', '2026-11-29T23:00:00Z'),
    );
  });

  it('after a gap the new cycle starts with the current period, and it never runs into a later cycle', () => {
    const longAgo = new Date('2026-10-01T00:00:00Z');
    expect(nextCycle(FRIDAY, { previousEnd: longAgo, nextStart: null }, lagos('week'))).toEqual(
      span('2026-11-22T23:00:00Z', '2026-11-29T23:00:00Z'),
    );
    const later = new Date('2026-11-28T10:00:00Z');
    expect(nextCycle(FRIDAY, { previousEnd: null, nextStart: later }, lagos('week'))).toEqual(
      span('2026-11-22T23:00:00Z', '2026-11-28T10:00:00Z'),
    );
  });

  it('the time left is counted in whole seconds, rounded up, and never below zero', () => {
    expect(secondsLeft(new Date('2026-11-27T09:00:01.200Z'), FRIDAY)).toBe(2);
    expect(secondsLeft(new Date('2026-11-27T08:00:00Z'), FRIDAY)).toBe(0);
  });
});

describe('team names', () => {
  const limits = { min: 2, max: 10, badWords: ['admin', 'bad word'] };

  it('are stored trimmed, with one space between words', () => {
    expect(normalizeTeamName('  Lagos   Lions \t')).toBe('Lagos Lions');
  });

  it('must be entered', () => {
    expect(teamNameProblem('', limits)).toEqual({ key: 'TEAM_NAME_REQUIRED' });
  });

  it('are counted in characters, so an emoji is one', () => {
    expect(teamNameProblem('🦁', limits)).toEqual({ key: 'TEAM_NAME_LENGTH', params: { min: 2, max: 10 } });
    expect(teamNameProblem('🦁🦁', limits)).toBeNull();
    expect(teamNameProblem('Eleven char', limits)).toEqual({ key: 'TEAM_NAME_LENGTH', params: { min: 2, max: 10 } });
    expect(teamNameProblem('Ten chars!', limits)).toBeNull();
  });

  it('may not hold a bad word, whatever its case, spacing or punctuation', () => {
    expect(teamNameProblem('The ADMINs', limits)).toEqual({ key: 'TEAM_NAME_FORBIDDEN' });
    expect(teamNameProblem('a.d.m.i.n', limits)).toEqual({ key: 'TEAM_NAME_FORBIDDEN' });
    expect(teamNameProblem('Badword', limits)).toEqual({ key: 'TEAM_NAME_FORBIDDEN' });
    expect(teamNameProblem('Admirals', limits)).toBeNull();
  });

  it('may be chosen again once the configured days have passed', () => {
    expect(renameOpensAt(FRIDAY, 7)).toEqual(new Date('2026-12-04T09:00:00Z'));
    expect(renameOpensAt(FRIDAY, 0)).toEqual(FRIDAY);
  });
});

describe('team points and prizes', () => {
  const ancestors = [
    { ancestorId: 7, depth: 1 },
    { ancestorId: 5, depth: 2 },
    { ancestorId: 3, depth: 3 },
  ];

  it("a purchase gives each inviter its level's share of the amount, rounded down", () => {
    expect(teamPointsOf(10_001n, ancestors, ['1', '0.5', '0.25'])).toEqual([
      { ownerId: 7, points: 10_001n },
      { ownerId: 5, points: 5_000n },
      { ownerId: 3, points: 2_500n },
    ]);
  });

  it('a level whose share is zero earns nothing', () => {
    expect(teamPointsOf(10_000n, ancestors, ['1', '0', '0'])).toEqual([{ ownerId: 7, points: 10_000n }]);
  });

  it('points are shown in whole currency units', () => {
    expect(wholePoints(123_456n, 2)).toBe('1234');
    expect(wholePoints(99n, 2)).toBe('0');
    expect(wholePoints(42n, 0)).toBe('42');
  });

  it('a prize with more decimals than the currency is paid rounded down', () => {
    expect(prizeMinor('100.00', 2)).toBe(10_000n);
    expect(prizeMinor('0.019', 2)).toBe(1n);
    expect(prizeMinor('12.5', 0)).toBe(12n);
  });
});
