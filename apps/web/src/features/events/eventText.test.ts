import { describe, expect, it } from 'vitest';
import { seatsLeft, signupAction } from './eventText';

describe('the sign-up button of an event', () => {
  it('offers sign-up on an open event the user has not joined', () => {
    expect(signupAction({ applied: false, status: 'open' })).toEqual({ label: 'signup', enabled: true });
  });

  it('shows "Already Apply" once the user has signed up, even after the end', () => {
    expect(signupAction({ applied: true, status: 'open' })).toEqual({ label: 'applied', enabled: false });
    expect(signupAction({ applied: true, status: 'ended' })).toEqual({ label: 'applied', enabled: false });
  });

  it('is disabled on an ended or full event', () => {
    expect(signupAction({ applied: false, status: 'ended' })).toEqual({ label: 'ended', enabled: false });
    expect(signupAction({ applied: false, status: 'full' })).toEqual({ label: 'full', enabled: false });
  });
});

describe('seats left', () => {
  it('are the capacity less the sign-ups, never negative', () => {
    expect(seatsLeft({ capacity: 10, signups: 3 })).toBe(7);
    expect(seatsLeft({ capacity: 5, signups: 5 })).toBe(0);
    expect(seatsLeft({ capacity: 5, signups: 7 })).toBe(0);
  });
});
