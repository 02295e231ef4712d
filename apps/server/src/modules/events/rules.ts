import type { ErrorKey, EventState, EventSwitch } from '@app/contracts';

/** Events (docs/product.md#events) as functions of plain values. */

/** What the rules need of an event. */
export interface EventTerms {
  status: EventSwitch;
  endsAt: Date;
  capacity: number;
  signups: number;
}

/**
 * How the user finds the event. Sign-up stays open from publication until the event ends, so a
 * press conference can be booked before it starts; past its end it is ended, whatever the seats.
 */
export function eventState(event: EventTerms, now: Date): EventState {
  if (now.getTime() >= event.endsAt.getTime()) return 'ended';
  if (event.signups >= event.capacity) return 'full';
  return 'open';
}

/** Why a user who has not signed up yet cannot now; null when they can. An event switched off is not there. */
export function signupRefusal(event: EventTerms | undefined, now: Date): ErrorKey | null {
  if (!event || event.status === 'off') return 'EVENT_NOT_FOUND';
  const state = eventState(event, now);
  if (state === 'ended') return 'EVENT_ENDED';
  if (state === 'full') return 'EVENT_FULL';
  return null;
}
