import { describe, expect, it } from 'vitest';
import { eventState, signupRefusal } from './rules.ts';

const NOW = new Date('2026-05-10T12:00:00Z');
const event = (over: Partial<Parameters<typeof eventState>[0]> = {}) => ({
  status: 'on' as const,
  endsAt: new Date('2026-05-20T12:00:00Z'),
  capacity: 10,
  signups: 3,
  ...over,
});

describe('an event is open, full or ended', () => {
  it('is open while seats are left and it has not ended', () => {
    expect(eventState(event(), NOW)).toBe('open');
  });

  it('is open before it starts: sign-up runs from publication to the end', () => {
    expect(eventState(event({ endsAt: new Date('2027-01-01T00:00:00Z') }), NOW)).toBe('open');
  });

  it('is full when every seat is taken', () => {
    expect(eventState(event({ signups: 10 }), NOW)).toBe('full');
  });

  it('has ended from the instant of its end, full or not', () => {
    expect(eventState(event({ endsAt: NOW }), NOW)).toBe('ended');
    expect(eventState(event({ endsAt: NOW, signups: 10 }), NOW)).toBe('ended');
  });
});

describe('a sign-up is refused', () => {
  it('for an event that does not exist or is switched off', () => {
    expect(signupRefusal(undefined, NOW)).toBe('EVENT_NOT_FOUND');
    expect(signupRefusal(event({ status: 'off' }), NOW)).toBe('EVENT_NOT_FOUND');
  });

  it('with "Event has ended" after the end', () => {
    expect(signupRefusal(event({ endsAt: new Date('2026-05-01T00:00:00Z') }), NOW)).toBe('EVENT_ENDED');
  });

  it('when the last seat is taken', () => {
    expect(signupRefusal(event({ signups: 10 }), NOW)).toBe('EVENT_FULL');
  });

  it('not at all while the event is open', () => {
    expect(signupRefusal(event({ signups: 9 }), NOW)).toBeNull();
  });
});
