import type { EventKind, UserEvent } from '@app/contracts';

/** The screen of each kind of event (docs/product.md#screens). */
export const EVENT_PATHS: Record<EventKind, string> = {
  anniversary: '/pagesB/mine/anniversaire',
  conference: '/pagesB/mine/conference',
};

/** What the event's button says and whether it can be pressed: only an open event the user has not joined. */
export function signupAction(event: Pick<UserEvent, 'applied' | 'status'>) {
  if (event.applied) return { label: 'applied', enabled: false } as const;
  if (event.status === 'ended') return { label: 'ended', enabled: false } as const;
  if (event.status === 'full') return { label: 'full', enabled: false } as const;
  return { label: 'signup', enabled: true } as const;
}

/** Seats left, never below zero. */
export function seatsLeft(event: Pick<UserEvent, 'capacity' | 'signups'>): number {
  return Math.max(0, event.capacity - event.signups);
}
