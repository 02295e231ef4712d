import type { BroadcastAudience, ContactStatus, ErrorKey } from '@app/contracts';

/** System messages and the contact inbox (docs/product.md#system-messages) as functions of plain values. */

/** A user may have this many contact messages waiting for an answer; the next waits for a reply. */
export const CONTACT_OPEN_MAX = 5;

/** How a broadcast's audience is stored: its kind, the VIP level of a VIP audience, the listed users. */
export function audienceOf(audience: BroadcastAudience): {
  audience: 'all' | 'vip' | 'users';
  vipLevel: number | null;
  userIds: number[];
} {
  if (audience === 'all') return { audience: 'all', vipLevel: null, userIds: [] };
  if ('vip' in audience) return { audience: 'vip', vipLevel: audience.vip, userIds: [] };
  return { audience: 'users', vipLevel: null, userIds: [...new Set(audience.userIds)].sort((a, b) => a - b) };
}

/** Why the user cannot write to customer service now; null when they can. */
export function contactRefusal(openMessages: number): ErrorKey | null {
  return openMessages >= CONTACT_OPEN_MAX ? 'CONTACT_TOO_MANY' : null;
}

/** Why an operator cannot answer or close this contact message; null when they can. A closed one stays closed. */
export function contactMoveRefusal(status: ContactStatus | undefined): ErrorKey | null {
  if (status === undefined) return 'CONTACT_NOT_FOUND';
  return status === 'closed' ? 'CONTACT_CLOSED' : null;
}
