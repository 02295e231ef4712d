import { describe, expect, it } from 'vitest';
import {
  cycleDueAt,
  cyclesMatured,
  isExpired,
  nextDueAt,
  principalReturnAt,
  profitOf,
  type Schedule,
} from './accrual-rules.ts';

const HOUR = 3600;
const at = (iso: string) => new Date(iso);
// An hourly machine of 24 cycles bought Friday 10:00 (Lagos, UTC+1).
const hourly: Schedule = { startedAt: at('2026-11-27T09:00:00Z'), cycleSeconds: HOUR, cyclesTotal: 24 };

describe('when cycles mature', () => {
  it('cycle k of a machine matures k cycle lengths after its start', () => {
    expect(cycleDueAt(hourly, 1)).toEqual(at('2026-11-27T10:00:00Z'));
    expect(cycleDueAt(hourly, 24)).toEqual(at('2026-11-28T09:00:00Z'));
    expect(cycleDueAt({ ...hourly, cycleSeconds: 7 * 24 * HOUR }, 2)).toEqual(at('2026-12-11T09:00:00Z'));
  });

  it('no cycle has matured before the first cycle length has passed', () => {
    expect(cyclesMatured(hourly, at('2026-11-27T09:00:00Z'))).toBe(0);
    expect(cyclesMatured(hourly, at('2026-11-27T09:59:59.999Z'))).toBe(0);
    expect(cyclesMatured(hourly, at('2026-11-27T08:00:00Z'))).toBe(0);
  });

  it('a cycle matures at the exact instant its length has passed, not a millisecond later', () => {
    expect(cyclesMatured(hourly, at('2026-11-27T10:00:00Z'))).toBe(1);
    expect(cyclesMatured(hourly, at('2026-11-27T12:30:00Z'))).toBe(3);
  });

  it('after downtime every cycle that passed has matured, but never more than the machine has', () => {
    expect(cyclesMatured(hourly, at('2026-11-28T08:59:59Z'))).toBe(23);
    expect(cyclesMatured(hourly, at('2026-11-28T09:00:00Z'))).toBe(24);
    expect(cyclesMatured(hourly, at('2027-01-01T00:00:00Z'))).toBe(24);
  });
});

describe('what the cycles pay', () => {
  it('n cycles pay n times the income per cycle, in minor units', () => {
    expect(profitOf(0, 125n)).toBe(0n);
    expect(profitOf(1, 125n)).toBe(125n);
    expect(profitOf(24, 125n)).toBe(3000n);
  });

  it('the profit of many cycles is exact beyond what a float holds', () => {
    expect(profitOf(1000, 9_007_199_254_740_993n)).toBe(9_007_199_254_740_993_000n);
  });

  it('a machine credited through its last cycle is expired', () => {
    expect(isExpired(hourly, 23)).toBe(false);
    expect(isExpired(hourly, 24)).toBe(true);
  });

  it('the principal comes back once, with the last cycle, and only when the product guarantees it', () => {
    const guaranteed = { cyclesTotal: 24, principal: 10_000n, principalReturned: true };
    expect(principalReturnAt(guaranteed, 23)).toBe(0n);
    expect(principalReturnAt(guaranteed, 24)).toBe(10_000n);
    expect(principalReturnAt({ ...guaranteed, principalReturned: false }, 24)).toBe(0n);
  });
});

describe('when a machine is next due', () => {
  it('credited through cycle k, a machine is next due when cycle k + 1 matures', () => {
    expect(nextDueAt(hourly, 0)).toEqual(at('2026-11-27T10:00:00Z'));
    expect(nextDueAt(hourly, 3)).toEqual(at('2026-11-27T13:00:00Z'));
    expect(nextDueAt(hourly, 23)).toEqual(at('2026-11-28T09:00:00Z'));
  });

  it('an expired machine is never due again', () => {
    expect(nextDueAt(hourly, 24)).toBeNull();
  });
});
