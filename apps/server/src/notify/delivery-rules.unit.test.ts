import { describe, expect, it } from 'vitest';
import { afterFailure, MESSAGE_DEADLINE_HOURS, messageDeadline, RETRY_CAP_MS, retryDelayMs } from './delivery-rules.ts';

const now = new Date('2026-11-28T10:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe('retries of a message that failed', () => {
  it('waits 2 to 4 seconds after the first failure, twice as long after each next one', () => {
    expect([retryDelayMs(1, 0), retryDelayMs(1, 0.999_999)].map(Math.round)).toEqual([2000, 4000]);
    expect(retryDelayMs(2, 0)).toBe(4000);
    expect(retryDelayMs(5, 0)).toBe(32_000);
  });

  it('never waits more than an hour, however many attempts failed', () => {
    expect(retryDelayMs(40, 0.999_999)).toBeLessThanOrEqual(RETRY_CAP_MS);
    expect(retryDelayMs(40, 0)).toBe(RETRY_CAP_MS / 2);
  });

  it('a refusal for good (a number that is not one) is failed at once', () => {
    expect(afterFailure({ attempts: 1, now, deadline: minutes(10), permanent: true, random: 0 })).toEqual({
      status: 'failed',
    });
  });

  it('a code is tried again while a retry still falls within its ten minutes', () => {
    expect(afterFailure({ attempts: 3, now, deadline: minutes(10), permanent: false, random: 0.5 })).toEqual({
      status: 'queued',
      nextAttemptAt: new Date(now.getTime() + 12_000),
    });
  });

  it('a retry that would come after the deadline fails the message now', () => {
    expect(afterFailure({ attempts: 9, now: minutes(9), deadline: minutes(10), permanent: false, random: 0 })).toEqual({
      status: 'failed',
    });
  });

  it('a code gets several attempts within its validity; other messages keep trying for hours', () => {
    const attemptsWithin = (deadline: Date) => {
      let at = now;
      let attempts = 0;
      for (;;) {
        attempts += 1;
        const next = afterFailure({ attempts, now: at, deadline, permanent: false, random: 1 });
        if (next.status === 'failed') return { attempts, lastAt: at };
        at = next.nextAttemptAt;
      }
    };
    const code = attemptsWithin(minutes(10));
    expect(code.attempts).toBeGreaterThanOrEqual(7);
    expect(code.lastAt.getTime()).toBeLessThan(minutes(10).getTime());
    const other = attemptsWithin(messageDeadline(now));
    expect(other.attempts).toBeGreaterThan(code.attempts + 10);
    expect(other.lastAt.getTime() - now.getTime()).toBeGreaterThan((MESSAGE_DEADLINE_HOURS - 1) * 3_600_000);
  });
});
