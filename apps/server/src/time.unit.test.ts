import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidTimeZone, startOfZonedDay, zonedDates, zonedTime, zonedWeekday } from './time.ts';

const at = (iso: string) => new Date(iso);
const startOf = (iso: string, zone: string) => startOfZonedDay(at(iso), zone).toISOString();

describe("the platform's days in a zone without daylight saving (Africa/Lagos, UTC+1)", () => {
  it('a day begins at local midnight, 23:00 UTC the evening before', () => {
    expect(startOf('2025-06-01T12:00:00Z', 'Africa/Lagos')).toBe('2025-05-31T23:00:00.000Z');
    expect(startOf('2025-06-01T23:30:00Z', 'Africa/Lagos')).toBe('2025-06-01T23:00:00.000Z');
  });

  it("today and yesterday change at local midnight, not at UTC's", () => {
    expect(zonedDates(at('2025-06-01T22:59:59Z'), 'Africa/Lagos')).toEqual({
      today: '2025-06-01',
      yesterday: '2025-05-31',
    });
    expect(zonedDates(at('2025-06-01T23:00:00Z'), 'Africa/Lagos')).toEqual({
      today: '2025-06-02',
      yesterday: '2025-06-01',
    });
  });

  it('the weekday and the time of day are local: 23:30 UTC on a Sunday is Monday 00:30', () => {
    expect(zonedWeekday(at('2025-06-01T23:30:00Z'), 'Africa/Lagos')).toBe(1);
    expect(zonedTime(at('2025-06-01T23:30:00Z'), 'Africa/Lagos')).toBe('00:30');
  });

  it('zones a fraction of an hour from UTC keep their minutes', () => {
    expect(startOf('2025-06-01T12:00:00Z', 'Asia/Kolkata')).toBe('2025-05-31T18:30:00.000Z');
    expect(zonedTime(at('2025-06-01T12:00:00Z'), 'Asia/Kathmandu')).toBe('17:45');
  });
});

describe('days across daylight saving in Europe/Paris', () => {
  it('spring forward (30 March 2025, 02:00 becomes 03:00): a day of 23 hours, midnight to midnight', () => {
    expect(startOf('2025-03-30T12:00:00Z', 'Europe/Paris')).toBe('2025-03-29T23:00:00.000Z');
    expect(startOf('2025-03-30T21:59:59Z', 'Europe/Paris')).toBe('2025-03-29T23:00:00.000Z');
    expect(startOf('2025-03-30T22:00:00Z', 'Europe/Paris')).toBe('2025-03-30T22:00:00.000Z');
  });

  it('spring forward: the clock jumps from 01:59 to 03:00 and the weekday stays Sunday', () => {
    expect(zonedTime(at('2025-03-30T00:59:59Z'), 'Europe/Paris')).toBe('01:59');
    expect(zonedTime(at('2025-03-30T01:00:00Z'), 'Europe/Paris')).toBe('03:00');
    expect(zonedWeekday(at('2025-03-30T01:00:00Z'), 'Europe/Paris')).toBe(0);
    expect(zonedWeekday(at('2025-03-30T22:00:00Z'), 'Europe/Paris')).toBe(1);
  });

  it('fall back (26 October 2025, 03:00 becomes 02:00): a day of 25 hours, midnight to midnight', () => {
    expect(startOf('2025-10-26T12:00:00Z', 'Europe/Paris')).toBe('2025-10-25T22:00:00.000Z');
    expect(startOf('2025-10-26T22:59:59Z', 'Europe/Paris')).toBe('2025-10-25T22:00:00.000Z');
    expect(startOf('2025-10-26T23:00:00Z', 'Europe/Paris')).toBe('2025-10-26T23:00:00.000Z');
    expect(zonedDates(at('2025-10-26T22:59:59Z'), 'Europe/Paris').today).toBe('2025-10-26');
    expect(zonedDates(at('2025-10-26T23:00:00Z'), 'Europe/Paris')).toEqual({
      today: '2025-10-27',
      yesterday: '2025-10-26',
    });
  });

  it('fall back: the clock goes from 02:59 back to 02:00', () => {
    expect(zonedTime(at('2025-10-26T00:59:59Z'), 'Europe/Paris')).toBe('02:59');
    expect(zonedTime(at('2025-10-26T01:00:00Z'), 'Europe/Paris')).toBe('02:00');
  });
});

describe('days across daylight saving in America/New_York', () => {
  it('spring forward (9 March 2025): the day starts at 05:00 UTC and the next at 04:00 UTC', () => {
    expect(startOf('2025-03-09T07:00:00Z', 'America/New_York')).toBe('2025-03-09T05:00:00.000Z');
    expect(startOf('2025-03-10T03:59:59Z', 'America/New_York')).toBe('2025-03-09T05:00:00.000Z');
    expect(startOf('2025-03-10T04:00:00Z', 'America/New_York')).toBe('2025-03-10T04:00:00.000Z');
    expect(zonedWeekday(at('2025-03-10T03:59:59Z'), 'America/New_York')).toBe(0);
    expect(zonedWeekday(at('2025-03-10T04:00:00Z'), 'America/New_York')).toBe(1);
  });

  it('fall back (2 November 2025): 01:30 happens twice, in the same day', () => {
    expect(zonedTime(at('2025-11-02T05:30:00Z'), 'America/New_York')).toBe('01:30');
    expect(zonedTime(at('2025-11-02T06:30:00Z'), 'America/New_York')).toBe('01:30');
    expect(startOf('2025-11-02T06:30:00Z', 'America/New_York')).toBe('2025-11-02T04:00:00.000Z');
    expect(startOf('2025-11-03T04:59:59Z', 'America/New_York')).toBe('2025-11-02T04:00:00.000Z');
    expect(startOf('2025-11-03T05:00:00Z', 'America/New_York')).toBe('2025-11-03T05:00:00.000Z');
  });
});

describe('a zone whose clocks skip midnight (America/Havana, 9 March 2025: 00:00 becomes 01:00)', () => {
  it('the day begins at its first instant, 01:00 local', () => {
    expect(startOf('2025-03-09T12:00:00Z', 'America/Havana')).toBe('2025-03-09T05:00:00.000Z');
    expect(zonedTime(at('2025-03-09T05:00:00Z'), 'America/Havana')).toBe('01:00');
    expect(zonedDates(at('2025-03-09T04:59:59Z'), 'America/Havana').today).toBe('2025-03-08');
  });
});

describe('a zone whose midnight comes twice (America/Havana, 31 October 2010: 01:00 becomes 00:00)', () => {
  it('the day begins at the first midnight, so its first hour counts towards the day', () => {
    expect(startOf('2010-10-31T05:00:00Z', 'America/Havana')).toBe('2010-10-31T04:00:00.000Z');
    expect(startOf('2010-10-31T04:30:00Z', 'America/Havana')).toBe('2010-10-31T04:00:00.000Z');
    expect(zonedDates(at('2010-10-31T03:59:59Z'), 'America/Havana').today).toBe('2010-10-30');
  });
});

describe('the start of a day, in any zone and at any instant', () => {
  const zones = ['Africa/Lagos', 'Europe/Paris', 'America/New_York', 'America/Havana', 'Asia/Kathmandu'];
  const instants = fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2040-01-01T00:00:00Z'),
    noInvalidDate: true,
  });

  it('is in the same local day, not after the instant, and the instant before it is the day before', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (instant, zone) => {
        const start = startOfZonedDay(instant, zone);
        const justBefore = new Date(start.getTime() - 1000);
        expect(start.getTime()).toBeLessThanOrEqual(instant.getTime());
        expect(zonedDates(start, zone).today).toBe(zonedDates(instant, zone).today);
        expect(zonedDates(justBefore, zone).today).toBe(zonedDates(instant, zone).yesterday);
      }),
    );
  });
});

describe('time zone names', () => {
  it('an IANA name is valid, an invented one is not', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});
